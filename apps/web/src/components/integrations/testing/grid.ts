/**
 * The column counts a Mantine SimpleGrid declares, from the inline style rules it renders for
 * its own selector: the base count first, then one per breakpoint (e.g. [2, 3]).
 */
export function gridColumns(grid: HTMLElement): number[] {
  const selector = [...grid.classList].find((name) => name.startsWith('__m__'));
  if (!selector) return [];
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
  const escaped = selector.replace(/[-_]/g, (c) => `\\${c}`);
  const rules = css.match(new RegExp(`\\.${escaped}\\s*\\{[^}]*\\}`, 'g')) ?? [];
  return rules.flatMap((rule) => {
    const match = rule.match(/--sg-cols:\s*(\d+)/);
    return match ? [Number(match[1])] : [];
  });
}
