import { describe, expect, it } from 'vitest';
import { CSS_CONSOLE_NOTE, HTML_CONSOLE_NOTE, planRun } from './runPlan';

describe('planRun', () => {
  it('runs JavaScript as a script after the module shim, on an empty page', async () => {
    const plan = await planRun('js', 'console.log(1)');
    expect(plan.forceVisual).toBe(false);
    expect(plan.note).toBeUndefined();
    expect(plan.scripts).toHaveLength(2);
    expect(plan.scripts[0]).toContain('self.require = ');
    expect(plan.scripts[1]).toBe('console.log(1)');
    expect(plan.html).toContain('<div id="root"></div>');
  });

  it('transpiles TypeScript first', async () => {
    const plan = await planRun('typescript', 'const n: number = 1;');
    expect(plan.scripts.at(-1)).toBe('const n = 1;');
  });

  it('gives JSX and TSX React (preact/compat) and renders an exported component', async () => {
    const plan = await planRun('tsx', 'export default function App() { return <p>Hi</p>; }');
    const scripts = plan.scripts;
    // The UMD builds first (they must not see `exports`), then the shim and the React globals.
    expect(scripts[0]).toContain('preact');
    expect(scripts.findIndex((script) => script.includes('self.require = '))).toBe(3);
    expect(scripts[4]).toContain('self.ReactDOM = dom');
    expect(scripts[5]).toContain("React.createElement('p', null");
    expect(scripts[6]).toContain('ReactDOM.createRoot(root)');
  });

  it('shows HTML as a page, forcing visual mode, with the console note', async () => {
    const plan = await planRun('html', '<h1>Hi</h1>');
    expect(plan).toMatchObject({ forceVisual: true, note: HTML_CONSOLE_NOTE, scripts: [] });
    expect(plan.html).toMatch(/^<!DOCTYPE html>/);
    expect(plan.html).toContain('<h1>Hi</h1>');
    const document = '<!DOCTYPE html><html><body>Whole</body></html>';
    expect((await planRun('HTML', document)).html).toBe(document);
  });

  it('applies CSS to the demo page', async () => {
    const plan = await planRun('css', 'h1 { color: red; }');
    expect(plan).toMatchObject({ forceVisual: false, note: CSS_CONSOLE_NOTE, scripts: [] });
    expect(plan.html).toContain('h1 { color: red; }');
    expect(plan.html).toContain('Column 3');
    expect(plan.html).toContain('<input type="text"');
  });

  it('refuses other languages and code that does not transpile', async () => {
    await expect(planRun('python', 'print(1)')).rejects.toThrow(
      'Execution not supported for language: python',
    );
    await expect(planRun('ts', 'let = ;')).rejects.toThrow(/Unexpected token/);
  });
});
