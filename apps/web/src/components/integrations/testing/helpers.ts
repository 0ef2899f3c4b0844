import { fireEvent, screen, within } from '@testing-library/react';

/** Render options with someone signed in. */
export const signedIn = { session: { user: { id: 'u1', username: 'ada' } } };

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
