import { jsonBoundsProblem } from './json-bounds';

/** What a flow-run answer holds for the step feed. */
export type FlowResult = { thinking?: string; actions: string[]; result: string };

const RESULT_KEYS = ['results', 'result', 'response', 'output', 'text'] as const;

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join('\n\n');
  }
  try {
    // Indented only within the JSON bounds: indenting a deeply nested value multiplies its size.
    const indent = jsonBoundsProblem(value) === null ? 2 : undefined;
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    // Circular or too deeply nested structures and bigints cannot be serialised; show what
    // String() gives, except for containers, whose String() recurses too.
    return typeof value === 'object' && value !== null
      ? Object.prototype.toString.call(value)
      : String(value);
  }
}

/**
 * Reads a flow-run answer (POST /api/flow/run): `thinking`, `actions`, then the first present of
 * `results`, `result`, `response`, `output`, `text`; any other body is shown whole as text.
 */
export function extractFlowResult(body: unknown): FlowResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { actions: [], result: asText(body) };
  }
  const record = body as Record<string, unknown>;
  const thinking =
    typeof record.thinking === 'string' && record.thinking.trim() ? record.thinking : undefined;
  const actions = Array.isArray(record.actions)
    ? record.actions.map((action) => asText(action)).filter((action) => action.trim() !== '')
    : [];
  const key = RESULT_KEYS.find((name) => record[name] !== undefined && record[name] !== null);
  const result = key ? asText(record[key]) : asText(body);
  return thinking === undefined ? { actions, result } : { thinking, actions, result };
}

const PLANNING_OPENERS =
  /^(?:I will|I['’]ll|I need to|Let me|I am going to|I['’]m going to|First,? I|I should|I want to|I['’]d like to|I am thinking|I['’]m thinking|My plan)\b/i;
const BLANK_LINE = /\r?\n[ \t]*\r?\n/;

/**
 * Splits a result that opens with first-person planning wording ('I will', 'Let me', 'First, I',
 * ...) at its first blank line into a thinking part and the result; other text is all result.
 */
export function splitThinking(text: string): { thinking?: string; result: string } {
  const trimmed = text.trimStart();
  if (!PLANNING_OPENERS.test(trimmed)) return { result: text };
  const blank = BLANK_LINE.exec(trimmed);
  if (!blank) return { result: text };
  const thinking = trimmed.slice(0, blank.index).trim();
  const result = trimmed.slice(blank.index + blank[0].length).trim();
  return result ? { thinking, result } : { result: text };
}
