import { MAX_PARSED_TASKS, MIN_PARSED_LINES } from './constants';

/** Which interpretation of the model's reply produced a parsed task list. */
export type ParsedTaskSource = 'json' | 'bracket' | 'lines';
/** Where a run's task list came from; 'fallback' means the keyword defaults. */
export type TaskSource = ParsedTaskSource | 'fallback';
/** A task list parsed from a model reply. */
export type ParsedTaskList = { tasks: string[]; source: ParsedTaskSource };
/** The task list a run uses and where it came from. */
export type PlannedTasks = { tasks: string[]; source: TaskSource };

/** Words the task list panel uses to say where the list came from. */
export const TASK_SOURCE_LABELS: Record<TaskSource, string> = {
  json: 'model JSON',
  bracket: 'model JSON',
  lines: 'model list',
  fallback: 'keyword defaults',
};

const TASK_KEYS = ['task', 'description', 'title', 'name'] as const;
// Real task lists are shallow; deeper nesting is refused before JSON.parse so that adversarial
// input such as megabytes of '[' costs one linear scan and never a deep parse.
const MAX_JSON_DEPTH = 32;

function taskText(item: unknown): string | null {
  if (typeof item === 'string') return item.trim() || null;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  for (const key of TASK_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function withinDepth(json: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === 92) i++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      if (++depth > MAX_JSON_DEPTH) return false;
    } else if (code === 93 || code === 125) depth--;
  }
  return true;
}

function tasksFromJson(json: string): string[] | null {
  if (!withinDepth(json)) return null;
  let value: unknown[];
  try {
    // Callers pass text starting with '[', so whatever parses is an array.
    value = JSON.parse(json) as unknown[];
  } catch {
    return null;
  }
  const tasks = value.map(taskText).filter((task): task is string => task !== null);
  return tasks.length > 0 ? tasks : null;
}

const LIST_LINE = /^(?:\d{1,3}[.)]|[-*•])\s+(\S.*)$/;

function stripEmphasis(text: string): string {
  const stripped = text.replace(/^\*\*(.+)\*\*$/, '$1').trim();
  return stripped || text;
}

/**
 * Cheap pre-check that skips most prose lines without copying them: false when the line's first
 * character after spaces and tabs is plain ASCII that cannot start a list marker.
 */
function mayBeListLine(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (i === end) return false;
  const code = text.charCodeAt(i);
  const isDigit = code >= 48 && code <= 57;
  return isDigit || code === 45 || code === 42 || code > 127;
}

function tasksFromLines(reply: string): string[] | null {
  const tasks: string[] = [];
  const length = reply.length;
  // Next '\n' and '\r' positions, each searched again only once passed, so the scan stays linear.
  let newline = -2;
  let carriageReturn = -2;
  let start = 0;
  while (start < length && tasks.length < MAX_PARSED_TASKS) {
    if (newline !== -1 && newline < start) newline = reply.indexOf('\n', start);
    if (carriageReturn !== -1 && carriageReturn < start)
      carriageReturn = reply.indexOf('\r', start);
    const end = Math.min(
      newline === -1 ? length : newline,
      carriageReturn === -1 ? length : carriageReturn,
    );
    if (mayBeListLine(reply, start, end)) {
      const match = LIST_LINE.exec(reply.slice(start, end).trim());
      if (match?.[1]) tasks.push(stripEmphasis(match[1].trim()));
    }
    start = end + 1;
  }
  return tasks.length >= MIN_PARSED_LINES ? tasks : null;
}

/**
 * Reads a task list from a model reply, in the spec's order: the whole reply as a JSON array; the
 * JSON array between the first '[' and the last ']'; numbered or bulleted lines (at least 2, at most
 * 5 used). Array items are strings or objects with a task, description, title or name. Null when
 * nothing works.
 */
export function parseTaskList(reply: string): ParsedTaskList | null {
  const trimmed = reply.trim();
  if (trimmed.startsWith('[')) {
    const tasks = tasksFromJson(trimmed);
    if (tasks) return { tasks, source: 'json' };
  }
  const first = trimmed.indexOf('[');
  const last = first === -1 ? -1 : trimmed.lastIndexOf(']');
  if (first !== -1 && last > first && (first > 0 || last < trimmed.length - 1)) {
    const tasks = tasksFromJson(trimmed.slice(first, last + 1));
    if (tasks) return { tasks, source: 'bracket' };
  }
  const tasks = tasksFromLines(trimmed);
  return tasks ? { tasks, source: 'lines' } : null;
}

const WEBSITE_GOAL_VERB =
  /\b(?:creat(?:e|es|ing)|build(?:s|ing)?|mak(?:e|es|ing)|develop(?:s|ing)?|design(?:s|ing)?)\b/i;
const WEBSITE_NOUN = /\b(?:web ?sites?|web ?pages?|landing pages?)\b/i;

/** The five default tasks of a website goal; the last one deploys. */
export const WEBSITE_FALLBACK_TASKS = [
  'Plan the structure, sections and content of the site',
  'Write the text content and choose the colours, fonts and layout',
  'Create the website as a complete HTML document with embedded CSS',
  'Review the page for responsiveness and accessibility and fix any issues',
  'Deploy the website to the hosting provider',
] as const;

const KEYWORD_FALLBACKS: [RegExp, (goal: string) => string][] = [
  [/\bstor(?:y|ies)\b/i, (goal) => `Write the story: ${goal}`],
  [/\bexplain|\bwhat is\b/i, (goal) => `Explain clearly: ${goal}`],
  [/\bjokes?\b/i, (goal) => `Write the joke: ${goal}`],
  [/\blists?\b/i, (goal) => `Compile the list: ${goal}`],
  [/\bhow to\b/i, (goal) => `Write step-by-step instructions: ${goal}`],
];

/**
 * The default task list chosen by goal keywords when the model's reply holds no list, in the
 * spec's order: story, explain / what is, joke, list and how to give one task each ('Explain how
 * to build a website' is one task); then a website goal (create, build, make, develop or design
 * plus website) gives five tasks ending with a deploy; anything else one 'Analyze and respond' task.
 */
export function fallbackTasks(goal: string): string[] {
  const text = goal.trim();
  for (const [pattern, task] of KEYWORD_FALLBACKS) {
    if (pattern.test(text)) return [task(text)];
  }
  if (WEBSITE_GOAL_VERB.test(text) && WEBSITE_NOUN.test(text)) return [...WEBSITE_FALLBACK_TASKS];
  return [`Analyze and respond: ${text}`];
}

/** The task list for a run: the parsed reply, else the keyword defaults, with its source. */
export function planTasks(goal: string, reply: string): PlannedTasks {
  return parseTaskList(reply) ?? { tasks: fallbackTasks(goal), source: 'fallback' };
}

const WEBSITE_TASK_VERB =
  /\b(?:creat(?:e|es|ing)|build(?:s|ing)?|design(?:s|ing)?|cod(?:e|es|ing))\b/i;
const DEPLOY_WORD = /\b(?:deploy\w*|publish\w*|launch\w*|host|hosted|hosting|upload\w*|netlify)\b/i;

/** True when a task asks to create, build, design or code a website. */
export function isWebsiteTask(text: string): boolean {
  return WEBSITE_TASK_VERB.test(text) && WEBSITE_NOUN.test(text);
}

/** True when a task mentions deploy, publish, launch, host, upload or the hosting provider. */
export function isDeployTask(text: string): boolean {
  return DEPLOY_WORD.test(text);
}
