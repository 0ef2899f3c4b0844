import { fireEvent, screen, within } from '@testing-library/react';

/** The open dialog (or drawer) titled `name`. */
export const dialog = (name: string) => screen.getByRole('dialog', { name });

/** A label as a pattern: labels may end in a required-field asterisk. */
export const labelPattern = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);

/** The input, textarea or select labelled `label` inside `scope`. */
export const field = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(labelPattern(label)) as
    | HTMLInputElement
    | HTMLTextAreaElement
    | HTMLSelectElement;

/** Types `value` into the field labelled `label` (or picks it, for a select). */
export const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(scope, label), { target: { value } });

/** Clicks the `action` button of the list row named `name`. */
export async function clickRowButton(name: string, action: string) {
  const row = await screen.findByRole('listitem', { name });
  fireEvent.click(within(row).getByRole('button', { name: action }));
}

/** A tab of `scope` by name. */
export const tab = (scope: HTMLElement, name: string) => within(scope).getByRole('tab', { name });

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
