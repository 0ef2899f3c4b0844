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
  | 'empty';

/** One scripted answer: used for prompts that match, `times` times (forever when unset). */
export type Rule = {
  match: RegExp;
  reply?: string | ((prompt: string) => string);
  /** Streamed first as `reasoning_content` deltas, as reasoning models served by LM Studio do. */
  reasoning?: string;
  fault?: Fault;
  times?: number;
};

const taskListPattern = /Break the following goal into a short list of concrete tasks/;
const summaryPattern = /Combine these results into one clear, complete final answer/;
const websitePattern = /This task builds a website/;

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

/**
 * The demo script: a JSON task list for planning prompts, a short answer per task, a page for
 * website tasks and a combined answer for the summary. Every reply says it comes from the demo.
 */
export const demoRules: Rule[] = [
  {
    match: taskListPattern,
    reply: (prompt) => {
      const goal = goalOf(prompt);
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
      const live = url ? `Your website is live at ${url}\n\n` : '';
      return `Final answer (demo model): here is the combined result.\n\n${live}All tasks were completed.`;
    },
  },
  {
    match: /Your current task:/,
    reply: (prompt) =>
      `Demo model answer for "${taskOf(prompt)}": this is a scripted reply that stands in for a real model.`,
  },
  { match: /[\s\S]*/, reply: 'Demo model: scripted reply.' },
];

/** The reply a rule gives to `prompt` ('' when it has none). */
export function replyOf(rule: Rule | undefined, prompt: string): string {
  return typeof rule?.reply === 'function' ? rule.reply(prompt) : (rule?.reply ?? '');
}

/** Picks the first rule that matches and still has uses left, and counts the use. */
export function pickRule(rules: Rule[], prompt: string): Rule | undefined {
  const rule = rules.find((candidate) => candidate.match.test(prompt) && candidate.times !== 0);
  if (rule?.times !== undefined) rule.times -= 1;
  return rule;
}
