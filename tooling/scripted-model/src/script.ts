/**
 * A fault the scripted server can answer with instead of a reply. `drop` streams the first few
 * words of the reply the prompt would get, then closes the connection without `finish_reason` or
 * `[DONE]`.
 */
export type Fault =
  | 'http500'
  | 'http429'
  | 'reset'
  | 'timeout'
  | 'stall'
  | 'drop'
  | 'malformed'
  | 'empty'
  /** 400 to a request that offers `tools`, as servers without tool calling answer. */
  | 'rejectTools';

/** A tool the request offered (`tools[].function`). */
export type ScriptedTool = { name: string; description?: string; parameters?: unknown };

/** What a rule may look at besides the prompt: the tools offered and the tool answers so far. */
export type ScriptedRequest = {
  prompt: string;
  tools: ScriptedTool[];
  /** The `tool` messages of the conversation, in order. */
  toolResults: { toolCallId: string; content: string }[];
};

/** A tool call the model answers with; without `name`, the first tool offered. */
export type ScriptedToolCall = { name?: string; arguments: unknown };

/** One scripted answer: used for prompts that match, `times` times (forever when unset). */
export type Rule = {
  match: RegExp;
  reply?: string | ((prompt: string, request: ScriptedRequest) => string);
  /**
   * Tool calls to answer with, streamed as `tool_calls` deltas. The rule applies only to requests
   * that offer tools; a fixed list only while the conversation has no tool answer yet, a function
   * when it returns calls.
   */
  toolCalls?: ScriptedToolCall[] | ((request: ScriptedRequest) => ScriptedToolCall[] | null);
  /** Streamed first as `reasoning_content` deltas, as reasoning models served by LM Studio do. */
  reasoning?: string;
  fault?: Fault;
  times?: number;
};

const taskListPattern = /Break the following goal into a short list of concrete tasks/;
const summaryPattern = /Combine these results into one clear, complete final answer/;
const websitePattern = /This task builds a website/;

/** Goals for which the demo model plans a task that calls the user's webhook. */
const demoToolGoal = /\b(webhook|notify|announce|send)\b/i;

function goalOf(prompt: string): string {
  return /Goal: (.*)/.exec(prompt)?.[1]?.trim() ?? 'the goal';
}

function taskOf(prompt: string): string {
  return /Your current task: (.*)/.exec(prompt)?.[1]?.trim() ?? 'the task';
}

/** A small page for website tasks, so demo runs deploy something real. */
function demoPage(prompt: string): string {
  const task = taskOf(prompt);
  return [
    'Here is the page.',
    '',
    '```html',
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>Demo site</title>',
    '<style>body{font-family:system-ui;margin:0;padding:3rem;background:#0f172a;color:#e2e8f0}h1{color:#38bdf8}</style>',
    '</head>',
    '<body>',
    '<h1>Welcome</h1>',
    `<p>${task.replace(/[<>&]/g, '')}</p>`,
    '</body>',
    '</html>',
    '```',
  ].join('\n');
}

/** The IDE assistant's answer: a page and its styles for the request, as files it can save. */
function demoAssistantReply(prompt: string): string {
  const request = (/Request: (.*)/.exec(prompt)?.[1]?.trim() ?? 'your request').replace(
    /[<>&]/g,
    '',
  );
  return [
    `Demo model: here is a page for "${request}". It saves as index.html and styles.css.`,
    '',
    '```html index.html',
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>Demo page</title><link rel="stylesheet" href="styles.css"></head>',
    '<body>',
    `<h1>${request}</h1>`,
    '<p>Written by the demo model: a real model writes what you ask for.</p>',
    '</body>',
    '</html>',
    '```',
    '',
    '```css styles.css',
    'body { font-family: system-ui; margin: 0; padding: 3rem; background: #0f172a; color: #e2e8f0; }',
    'h1 { color: #f87171; }',
    '```',
  ].join('\n');
}

/**
 * The demo script: a JSON task list for planning prompts, a short answer per task, a page for
 * website tasks, a combined answer for the summary and files for the IDE assistant. Every reply says
 * it comes from the demo.
 */
export const demoRules: Rule[] = [
  {
    match: taskListPattern,
    reply: (prompt) => {
      const goal = goalOf(prompt);
      if (demoToolGoal.test(goal)) {
        return JSON.stringify([
          'Write a short update about the goal',
          'Send the update with the webhook',
          'Report what the webhook answered',
        ]);
      }
      if (/website|web site|landing page/i.test(goal)) {
        return JSON.stringify([
          'Plan the structure and content of the website',
          'Design and build the website as one HTML page',
          'Deploy the website to the hosting provider',
        ]);
      }
      return JSON.stringify([
        `Research what is needed for: ${goal}`,
        `Draft the answer for: ${goal}`,
        'Review and polish the result',
      ]);
    },
  },
  { match: websitePattern, reply: demoPage },
  {
    match: summaryPattern,
    reply: (prompt) => {
      const url = /deployed at (\S+?)\. Mention/.exec(prompt)?.[1];
      const live = url ? `The website built for this goal is deployed at ${url}.\n\n` : '';
      return `Final answer (demo model): here is the combined result.\n\n${live}All tasks were completed.`;
    },
  },
  {
    // The demo's tool call: the update goes to the first webhook the run offers (or API, GET /).
    match: /Your current task: Send the update with the webhook/,
    toolCalls: (request) => {
      if (request.toolResults.length > 0) return null;
      const tool = request.tools.find((offered) => offered.name.startsWith('webhook_'));
      if (tool) {
        const goal = /goal: (.*)/i.exec(request.prompt)?.[1]?.trim() ?? 'the goal';
        const text = `Update from a Flows demo run: ${goal}`;
        return [{ name: tool.name, arguments: { text, source: 'Flows demo model' } }];
      }
      const api = request.tools[0];
      return api ? [{ name: api.name, arguments: { endpoint: '/', method: 'GET' } }] : null;
    },
  },
  {
    match: /Your current task:/,
    reply: (prompt, request) => {
      const answer = request.toolResults.at(-1)?.content;
      if (answer !== undefined) {
        return `Demo model answer for "${taskOf(prompt)}": the tool answered.\n\n${answer.slice(0, 400)}`;
      }
      if (taskOf(prompt) === 'Send the update with the webhook') {
        return 'Demo model: there is no webhook marked "Use in flows" to send the update with. Add one under Integrations (as a signed-in user) and run the goal again.';
      }
      return `Demo model answer for "${taskOf(prompt)}": this is a scripted reply that stands in for a real model.`;
    },
  },
  { match: /You are a coding assistant in a browser-based IDE/, reply: demoAssistantReply },
  { match: /[\s\S]*/, reply: 'Demo model: scripted reply.' },
];

const noTools = (prompt: string): ScriptedRequest => ({ prompt, tools: [], toolResults: [] });

/** The reply a rule gives to `prompt` ('' when it has none). */
export function replyOf(
  rule: Rule | undefined,
  prompt: string,
  request: ScriptedRequest = noTools(prompt),
): string {
  return typeof rule?.reply === 'function' ? rule.reply(prompt, request) : (rule?.reply ?? '');
}

/** The tool calls a rule answers `request` with, names filled in (none when it does not apply). */
export function toolCallsOf(
  rule: Rule | undefined,
  request: ScriptedRequest,
): { name: string; arguments: unknown }[] {
  if (!rule?.toolCalls || request.tools.length === 0) return [];
  const calls =
    typeof rule.toolCalls === 'function'
      ? rule.toolCalls(request)
      : request.toolResults.length === 0
        ? rule.toolCalls
        : null;
  return (calls ?? []).map((call) => ({
    name: call.name ?? request.tools[0]?.name ?? 'tool',
    arguments: call.arguments,
  }));
}

/** Whether a rule answers this request: rules about tools only answer requests offering them. */
function applies(rule: Rule, request: ScriptedRequest): boolean {
  if (!rule.match.test(request.prompt) || rule.times === 0) return false;
  if (rule.fault === 'rejectTools') return request.tools.length > 0;
  if (rule.toolCalls) return toolCallsOf(rule, request).length > 0;
  return true;
}

/** Picks the first rule that matches and still has uses left, and counts the use. */
export function pickRule(
  rules: Rule[],
  prompt: string,
  request: ScriptedRequest = noTools(prompt),
): Rule | undefined {
  const rule = rules.find((candidate) => applies(candidate, { ...request, prompt }));
  if (rule?.times !== undefined) rule.times -= 1;
  return rule;
}
