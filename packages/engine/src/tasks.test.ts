import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PARSED_TASKS } from './constants';
import {
  fallbackTasks,
  isDeployTask,
  isWebsiteTask,
  parseTaskList,
  planTasks,
  TASK_SOURCE_LABELS,
  WEBSITE_FALLBACK_TASKS,
} from './tasks';

const TEN_MB = 10 * 1024 * 1024;

describe('parseTaskList', () => {
  it('reads the whole reply as a JSON array of strings', () => {
    expect(parseTaskList('["Research", "Write", "Review"]')).toEqual({
      tasks: ['Research', 'Write', 'Review'],
      source: 'json',
    });
  });

  it('keeps every item of a JSON array (the limit of 5 is for text lines)', () => {
    const tasks = Array.from({ length: 7 }, (_, i) => `Task ${i}`);
    expect(parseTaskList(JSON.stringify(tasks))?.tasks).toHaveLength(7);
  });

  it('reads objects with task, description, title or name, in that order of preference', () => {
    const reply = JSON.stringify([
      { task: 'A', title: 'ignored' },
      { description: 'B' },
      { title: 'C' },
      { name: 'D' },
      { task: '  ', name: 'E' },
      { id: 1 },
    ]);
    expect(parseTaskList(reply)).toEqual({ tasks: ['A', 'B', 'C', 'D', 'E'], source: 'json' });
  });

  it('drops blank, numeric, null and nested-array items and trims the rest', () => {
    expect(parseTaskList('["  a  ", "", "   ", 3, null, ["x"], "b"]')?.tasks).toEqual(['a', 'b']);
  });

  it('reads the JSON array between the first [ and the last ]', () => {
    const reply = 'Sure! Here are the tasks:\n```json\n["Plan", "Build"]\n```\nGood luck.';
    expect(parseTaskList(reply)).toEqual({ tasks: ['Plan', 'Build'], source: 'bracket' });
  });

  it('finds the array inside an object reply', () => {
    expect(parseTaskList('{"tasks": [{"task": "One"}, {"task": "Two"}]}')).toEqual({
      tasks: ['One', 'Two'],
      source: 'bracket',
    });
  });

  it('handles brackets nested inside task texts', () => {
    expect(parseTaskList('Tasks: ["Use [brackets] here", "Array [1, [2]]"] end')?.tasks).toEqual([
      'Use [brackets] here',
      'Array [1, [2]]',
    ]);
  });

  it('does not count an array that yields no task', () => {
    expect(parseTaskList('[]')).toBeNull();
    expect(parseTaskList('[1, 2, 3]')).toBeNull();
    expect(parseTaskList('["", "  "]')).toBeNull();
    expect(parseTaskList('[]\n1. First\n2. Second')).toEqual({
      tasks: ['First', 'Second'],
      source: 'lines',
    });
  });

  it('falls back to numbered and bulleted lines', () => {
    const reply = 'Plan:\n1. Gather data\n2) Analyse it\n- Draft\n* Review\n• Publish\n6. Too many';
    expect(parseTaskList(reply)).toEqual({
      tasks: ['Gather data', 'Analyse it', 'Draft', 'Review', 'Publish'],
      source: 'lines',
    });
  });

  it('needs at least two list lines', () => {
    expect(parseTaskList('1. Only one task')).toBeNull();
    expect(parseTaskList('Just some prose without a list.')).toBeNull();
  });

  it('reads CRLF and CR line endings and strips bold markers', () => {
    expect(parseTaskList('1. **First**\r\n2. Second\r\n')?.tasks).toEqual(['First', 'Second']);
    expect(parseTaskList('1. First\r2. Second')?.tasks).toEqual(['First', 'Second']);
    expect(parseTaskList('1. ****\n2. b')?.tasks).toEqual(['****', 'b']);
    expect(parseTaskList('1. ** **\n2. b')?.tasks).toEqual(['** **', 'b']);
  });

  it('ignores markers without text or without a space', () => {
    expect(parseTaskList('1.\n-\n1.5 kg\n- a\n- b')?.tasks).toEqual(['a', 'b']);
  });

  it('keeps unicode text intact', () => {
    expect(parseTaskList('["Écrire 📝", "日本語のタスク"]')?.tasks).toEqual([
      'Écrire 📝',
      '日本語のタスク',
    ]);
    expect(parseTaskList('• Première\n• Deuxième 🚀')?.tasks).toEqual(['Première', 'Deuxième 🚀']);
  });

  it('returns null for empty and whitespace-only replies', () => {
    expect(parseTaskList('')).toBeNull();
    expect(parseTaskList(' \n\t ')).toBeNull();
  });

  it('refuses absurdly deep nesting without parsing it', () => {
    expect(parseTaskList(`${'['.repeat(100)}"x"${']'.repeat(100)}`)).toBeNull();
    expect(parseTaskList('["a \\" [ quoted", "b"]')?.tasks).toEqual(['a " [ quoted', 'b']);
  });

  it('survives 10 MB inputs: brackets, nesting and long lists', () => {
    expect(parseTaskList('['.repeat(TEN_MB))).toBeNull();
    expect(parseTaskList(`${'['.repeat(TEN_MB / 2)}${']'.repeat(TEN_MB / 2)}`)).toBeNull();
    const lines = '1. step\n'.repeat(TEN_MB / 8);
    expect(parseTaskList(lines)?.tasks).toHaveLength(MAX_PARSED_TASKS);
  });

  it('never throws and returns 1..5 tasks for lines (property)', () => {
    const listLine = fc
      .tuple(
        fc.constantFrom('1.', '2)', '-', '*', '•', '10.'),
        fc.string({ minLength: 1, maxLength: 20 }),
      )
      .map(([marker, text]) => `${marker} ${text}`);
    const noise = fc.oneof(
      fc.string(),
      fc.constantFrom('[', ']', '{', '"', '\r\n', '```'),
      listLine,
    );
    fc.assert(
      fc.property(
        fc.array(noise, { maxLength: 30 }).map((parts) => parts.join('\n')),
        (reply) => {
          const parsed = parseTaskList(reply);
          if (parsed === null) return;
          expect(parsed.tasks.length).toBeGreaterThan(0);
          for (const task of parsed.tasks) expect(task.trim()).toBe(task);
          for (const task of parsed.tasks) expect(task).not.toBe('');
          if (parsed.source === 'lines') {
            expect(parsed.tasks.length).toBeGreaterThanOrEqual(2);
            expect(parsed.tasks.length).toBeLessThanOrEqual(MAX_PARSED_TASKS);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds every JSON array of non-blank strings (property)', () => {
    const task = fc.string({ minLength: 1 }).filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 8 }), fc.string(), (tasks, prose) => {
        const parsed = parseTaskList(`${prose.replace(/[[\]]/g, '')}\n${JSON.stringify(tasks)}`);
        expect(parsed?.tasks).toEqual(tasks.map((text) => text.trim()));
      }),
      { numRuns: 200 },
    );
  });
});

describe('fallbackTasks', () => {
  it('checks the one-task keywords before the website rule (the spec order)', () => {
    expect(fallbackTasks('Explain how to build a website')).toEqual([
      'Explain clearly: Explain how to build a website',
    ]);
    expect(fallbackTasks('Write a story about building a website')).toHaveLength(1);
    expect(fallbackTasks('How to make a website')).toEqual([
      'Write step-by-step instructions: How to make a website',
    ]);
  });

  it('gives five website tasks, the last one deploying', () => {
    for (const goal of [
      'Create a website for my bakery',
      'build a landing page for an app',
      'Make a personal website',
      'Develop a website for a gym',
      'design a web page about cats',
    ]) {
      const tasks = fallbackTasks(goal);
      expect(tasks).toEqual([...WEBSITE_FALLBACK_TASKS]);
      expect(isDeployTask(tasks[4] ?? '')).toBe(true);
      expect(tasks.filter(isWebsiteTask)).toHaveLength(1);
    }
  });

  it('gives one task for story, explain / what is, joke, list and how to', () => {
    expect(fallbackTasks('Write a story about a dragon')).toEqual([
      'Write the story: Write a story about a dragon',
    ]);
    expect(fallbackTasks('Explain quantum computing')[0]).toMatch(/^Explain clearly: /);
    expect(fallbackTasks('What is a monad?')[0]).toMatch(/^Explain clearly: /);
    expect(fallbackTasks('Tell me a joke')[0]).toMatch(/^Write the joke: /);
    expect(fallbackTasks('list the planets')[0]).toMatch(/^Compile the list: /);
    expect(fallbackTasks('How to bake bread')[0]).toMatch(/^Write step-by-step instructions: /);
  });

  it('gives one Analyze and respond task otherwise', () => {
    expect(fallbackTasks('  Plan my week  ')).toEqual(['Analyze and respond: Plan my week']);
    expect(fallbackTasks('a website')).toEqual(['Analyze and respond: a website']);
    expect(fallbackTasks('listen to music')).toEqual(['Analyze and respond: listen to music']);
  });
});

describe('planTasks', () => {
  it('uses the parsed reply with its source', () => {
    expect(planTasks('goal', '["a", "b"]')).toEqual({ tasks: ['a', 'b'], source: 'json' });
  });

  it('falls back to keyword defaults', () => {
    expect(planTasks('Tell me a joke', 'I cannot do lists')).toEqual({
      tasks: ['Write the joke: Tell me a joke'],
      source: 'fallback',
    });
    expect(TASK_SOURCE_LABELS.fallback).toBe('keyword defaults');
  });
});

describe('isWebsiteTask / isDeployTask', () => {
  it('detects website tasks', () => {
    expect(isWebsiteTask('Create the website homepage')).toBe(true);
    expect(isWebsiteTask('Code a landing page')).toBe(true);
    expect(isWebsiteTask('Designing the webpage')).toBe(true);
    expect(isWebsiteTask('Deploy the website')).toBe(false);
    expect(isWebsiteTask('Create a poem')).toBe(false);
  });

  it('detects deploy tasks', () => {
    for (const text of [
      'Deploy it',
      'Publish the page',
      'Launch',
      'host the site',
      'Upload files',
      'Push to Netlify',
      'hosting provider',
    ]) {
      expect(isDeployTask(text)).toBe(true);
    }
    expect(isDeployTask('Write the ghost story')).toBe(false);
    expect(isDeployTask('')).toBe(false);
  });
});
