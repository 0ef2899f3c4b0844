import { SECRET_MASK } from '@flows/api/contracts';

/** The mask as a value in JSON text (headers, authConfig). */
const maskedJsonValue = `"${SECRET_MASK}"`;

/** Whether two addresses are on the same origin; an unparsable address counts as the same. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a.trim()).origin === new URL(b.trim()).origin;
  } catch {
    return true;
  }
}

/** Whether a field (plain or JSON text) still holds a saved secret's mask. */
export function holdsMask(value: string): boolean {
  return value === SECRET_MASK || value.includes(maskedJsonValue);
}

/**
 * The value with saved secrets cleared: the mask becomes '' and masked JSON values become "".
 * Saved secrets do not move to a new host, so a form clears them when its address does.
 */
export function clearMask(value: string): string {
  if (value === SECRET_MASK) return '';
  return value.replaceAll(maskedJsonValue, '""');
}

/** Whether any of `fields` of saved values holds a secret's mask. */
export function hasSavedSecrets<V extends Record<string, unknown>>(
  saved: V,
  fields: readonly (keyof V & string)[],
): boolean {
  return fields.some((field) => {
    const value = saved[field];
    return typeof value === 'string' && holdsMask(value);
  });
}

/**
 * Saved secrets do not move to a new host. When a form's address leaves the saved origin
 * (`moved`), the masks in `fields` are cleared so the person enters the secrets again; when it
 * comes back, the masks return to the fields still left empty.
 */
export function followHost<V extends Record<string, unknown>>(
  values: V,
  saved: V,
  fields: readonly (keyof V & string)[],
  moved: boolean,
): V {
  const next = { ...values };
  for (const field of fields) {
    const savedValue = saved[field];
    if (typeof savedValue !== 'string' || !holdsMask(savedValue)) continue;
    const current = next[field];
    if (moved && current === savedValue) {
      next[field] = clearMask(savedValue) as V[typeof field];
    } else if (!moved && current === clearMask(savedValue)) {
      next[field] = savedValue as V[typeof field];
    }
  }
  return next;
}
