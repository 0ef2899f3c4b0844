import { describe, expect, it } from 'vitest';
import {
  ideAssistantPrompt,
  summaryPrompt,
  taskListPrompt,
  taskPrompt,
  websitePrompt,
} from './prompts';

describe('prompts', () => {
  it('asks for a JSON array of tasks for the goal', () => {
    const prompt = taskListPrompt('  Plan a trip to Rome ');
    expect(prompt).toContain('Goal: Plan a trip to Rome');
    expect(prompt).toContain('JSON array');
  });

  it('asks a task to stay under 500 words and quotes earlier results', () => {
    const prompt = taskPrompt('Goal G', 'Write the intro', [
      { description: 'Research', result: 'Facts' },
      { description: 'Long', result: 'x'.repeat(5000) },
    ]);
    expect(prompt).toContain('Overall goal: Goal G');
    expect(prompt).toContain('Task 1: Research\nResult: Facts');
    expect(prompt).toContain(`${'x'.repeat(2000)}…`);
    expect(prompt).not.toContain('x'.repeat(2001));
    expect(prompt).toContain('Your current task: Write the intro');
    expect(prompt).toContain('under 500 words');
    expect(prompt).not.toContain('HTML document');
    expect(taskPrompt('G', 'T', [])).not.toContain('completed so far');
  });

  it('asks a website task for one complete HTML document', () => {
    const prompt = taskPrompt('G', 'Create the website homepage', []);
    expect(prompt).toContain(websitePrompt('Create the website homepage'));
    expect(prompt).toContain('<!DOCTYPE html>');
  });

  it('asks for a summary of the completed tasks, highlighting a deployed URL', () => {
    const prompt = summaryPrompt('G', [{ description: 'A', result: 'ra' }]);
    expect(prompt).toContain('The goal was: G');
    expect(prompt).toContain('Task 1: A\nResult: ra');
    expect(prompt).not.toContain('deployed');
    expect(summaryPrompt('G', [], 'https://x.test')).toContain('https://x.test');
  });

  it('gives the IDE assistant the request and the files', () => {
    const prompt = ideAssistantPrompt(' Add a button ', [{ name: 'index.html', language: 'html' }]);
    expect(prompt).toContain('coding assistant');
    expect(prompt).toContain('- index.html (html)');
    expect(prompt).toContain('Request: Add a button');
    expect(ideAssistantPrompt('x', [])).toContain('(no files yet)');
  });
});
