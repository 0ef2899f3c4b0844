import { jsonBoundsProblem, MAX_JSON_BYTES, MAX_JSON_DEPTH } from '@flows/engine';
import { z } from 'zod';

export { MAX_JSON_BYTES, MAX_JSON_DEPTH };

/** A JSON object as the server keeps it once parsed. */
export type TJsonObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is TJsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The 400 message for a value past the bounds, naming the field by its label. */
export function jsonBoundsMessage(label: string, problem: 'depth' | 'size'): string {
  return problem === 'depth'
    ? `${label} must be nested at most ${MAX_JSON_DEPTH} levels deep`
    : `${label} must be at most ${MAX_JSON_BYTES / 1024} KB as JSON`;
}

/** Adds the bounds issue of `value` (if any) to a zod check of the field called `label`. */
function checkBounds(value: unknown, label: string, ctx: z.RefinementCtx): boolean {
  const problem = jsonBoundsProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: jsonBoundsMessage(label, problem) });
  return problem === null;
}

/**
 * Any JSON value a user may send in a free-form field (an execute payload, request data), held
 * to MAX_JSON_DEPTH levels and MAX_JSON_BYTES. The check runs before anything else looks into
 * the value, so no later walk meets a value deeper or larger than that.
 */
export const boundedJson = (label: string) =>
  z.unknown().superRefine((value, ctx) => {
    checkBounds(value, label, ctx);
  });

/** JSON text is measured once parsed (indentation aside); text this long is refused unread. */
const MAX_JSON_TEXT_CHARS = 4 * MAX_JSON_BYTES;

/**
 * A field holding a JSON object, sent as JSON text (the form's textarea) or as an object, held
 * to the same bounds as `boundedJson`. Blank or null means `{}`; left out stays undefined (an
 * update keeps the stored value); anything that is not an object is refused with `notObject`.
 */
export const jsonObjectField = (label: string, notObject: string) =>
  z
    // Both shapes are checked shallowly only: the record's values are not looked into.
    .union([z.string(), z.record(z.string(), z.unknown())], { error: notObject })
    .nullish()
    .superRefine((value, ctx) => {
      if (typeof value !== 'string') return void checkBounds(value, label, ctx);
      if (value.length > MAX_JSON_TEXT_CHARS) {
        ctx.addIssue({ code: 'custom', message: jsonBoundsMessage(label, 'size') });
      }
    })
    .transform((value, ctx): TJsonObject | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return {};
      if (typeof value !== 'string') return value;
      if (!value.trim()) return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        // Reported below with the field's own message.
      }
      if (!isPlainObject(parsed)) {
        ctx.addIssue({ code: 'custom', message: notObject });
        return z.NEVER;
      }
      return checkBounds(parsed, label, ctx) ? parsed : z.NEVER;
    });
