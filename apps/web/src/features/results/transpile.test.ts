import { describe, expect, it } from 'vitest';
import { transformsFor, transpile } from './transpile';

/** Runs transpiled CommonJS with a `require` that knows `modules`; returns what it exported. */
function evaluate(code: string, modules: Record<string, unknown> = {}) {
  const exports: Record<string, unknown> = {};
  const require = (name: string) => {
    if (name in modules) return modules[name];
    throw new Error(`Cannot find module '${name}'`);
  };
  new Function('exports', 'module', 'require', code)(exports, { exports }, require);
  return exports;
}

describe('transformsFor', () => {
  it('leaves plain JavaScript alone and turns modules into CommonJS', () => {
    expect(transformsFor('javascript', 'console.log(1)')).toEqual([]);
    expect(transformsFor('javascript', "import x from 'x';")).toEqual(['imports']);
    expect(transformsFor('javascript', 'export const a = 1;')).toEqual(['imports']);
    expect(transformsFor('typescript', 'let a: number = 1;')).toEqual(['typescript']);
    expect(transformsFor('jsx', '<div />')).toEqual(['jsx']);
    expect(transformsFor('tsx', 'export default () => <div />')).toEqual([
      'typescript',
      'jsx',
      'imports',
    ]);
  });
});

describe('transpile', () => {
  it('returns plain JavaScript unchanged', async () => {
    const code = 'var total = 1 + 2;\nconsole.log(total);';
    expect(await transpile(code, 'javascript')).toBe(code);
  });

  it('strips TypeScript types and keeps every line where it was', async () => {
    const code = [
      'type Point = { x: number; y: number };',
      'interface Named { name: string }',
      'const p: Point = { x: 1, y: 2 };',
      'function sum(a: number, b: number): number {',
      '  return a + b;',
      '}',
      'undefinedCall();',
    ].join('\n');
    const output = await transpile(code, 'typescript');
    expect(output).not.toContain(': number');
    expect(output).not.toContain('interface');
    const lines = output.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[6]).toBe('undefinedCall();');
    expect(lines[3]).toContain('function sum(a, b)');
  });

  it('turns JSX into React.createElement calls, fragments too', async () => {
    const output = await transpile('const view = <><b title="x">Hi {name}</b></>;', 'jsx');
    expect(output).toContain('React.createElement(React.Fragment, null');
    expect(output).toContain('React.createElement(\'b\', { title: "x",}');
    expect(output).not.toContain('__self');
  });

  it('runs transpiled TSX that imports React and exports a component', async () => {
    const code = [
      "import React, { useState } from 'react';",
      'type Props = { label: string };',
      'export default function App({ label }: Props) {',
      '  const [count] = useState<number>(2);',
      '  return <p>{label} {count}</p>;',
      '}',
    ].join('\n');
    const output = await transpile(code, 'tsx');
    const createElement = (type: unknown, props: unknown, ...children: unknown[]) => ({
      type,
      props,
      children,
    });
    const react = { createElement, Fragment: 'fragment', useState: (value: unknown) => [value] };
    const exported = evaluate(output, { react });
    const App = exported.default as (props: { label: string }) => unknown;
    expect(App({ label: 'Count' })).toEqual({
      type: 'p',
      props: null,
      children: ['Count', ' ', 2],
    });
  });

  it('fails with the position of a syntax error', async () => {
    await expect(transpile('const x: = 1;', 'typescript')).rejects.toThrow(/\(1:\d+\)/);
    await expect(transpile('const a = <div>;', 'jsx')).rejects.toThrow(/\(1:\d+\)/);
  });
});
