/** JSON text as the forms and dialogs hold it, parsed: the value, or why it is unusable. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/** Parses JSON text; blank text is `undefined` (the caller decides what blank means). */
export function parseJsonText(text: string): ParsedJson {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A value as indented JSON, the way the response panels show it. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

/** Stored JSON text (the server answers it compact) indented for editing; other text as it is. */
export function indentJsonText(text: string | null | undefined): string {
  const parsed = parseJsonText(text ?? '');
  return parsed.ok && parsed.value !== undefined ? prettyJson(parsed.value) : text || '{}';
}
