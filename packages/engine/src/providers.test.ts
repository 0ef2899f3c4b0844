import { describe, expect, it } from 'vitest';
import {
  AI_PROVIDERS,
  DEFAULT_MODEL,
  DEFAULT_TEMPERATURE,
  FLOW_TIMING,
  HOSTING_SITE_PREFIX,
  MAX_PARSED_TASKS,
  STORAGE_KEYS,
  SUBTASK_WORD_LIMIT,
  TEMPERATURE_RANGE,
  UI_TIMING,
} from './constants';
import { FLOW_TEXT, FLOW_TOAST } from './flow/texts';
import { engineLabel, modelForProvider } from './providers';

describe('providers', () => {
  it('names the engine', () => {
    expect(engineLabel('lmstudio')).toBe('Local AI Engine');
    expect(engineLabel('aiml')).toBe('AIML API');
    expect(FLOW_TEXT.analyzing(engineLabel('aiml'))).toBe('Analyzing the task using AIML API');
  });

  it('forces gpt-4 for aiml and defaults the model', () => {
    expect(modelForProvider('aiml', 'anything')).toBe('gpt-4');
    expect(modelForProvider('openai', ' gpt-4o ')).toBe('gpt-4o');
    expect(modelForProvider('lmstudio', '  ')).toBe(DEFAULT_MODEL);
    expect(modelForProvider('lmstudio')).toBe('local-model');
  });
});

describe('spec constants', () => {
  it('match the spec', () => {
    expect(FLOW_TIMING).toMatchObject({
      firstTaskDelayMs: 2000,
      nextTaskDelayMs: 8000,
      afterFailureDelayMs: 10000,
      summaryDelayMs: 1000,
      firstThinkingPauseMs: 1000,
      flowCallMaxDelayMs: 15000,
    });
    expect(MAX_PARSED_TASKS).toBe(5);
    expect(DEFAULT_TEMPERATURE).toBe(0.7);
    expect(HOSTING_SITE_PREFIX).toBe('flows-website-');
    expect(SUBTASK_WORD_LIMIT).toBe(500);
    expect(AI_PROVIDERS).toHaveLength(6);
    expect(STORAGE_KEYS).toEqual({
      lastWebsiteId: 'flows_last_website_id',
      lastWebsiteTaskId: 'flows_last_website_task_id',
      theme: 'theme',
    });
    expect(TEMPERATURE_RANGE).toEqual({ min: 0, max: 1, step: 0.1 });
    expect(UI_TIMING.scrollRepeatMs).toEqual([100, 500]);
    expect(FLOW_TOAST.stopped).toEqual({
      title: 'Flow Stopped',
      message: 'The flow process has been stopped.',
    });
    expect(FLOW_TOAST.emptyGoal.message).toBe('Please enter a goal for your flow');
  });

  it('spell the execution errors of spec section 8', () => {
    expect(FLOW_TEXT.runFailed('Local AI Engine')).toBe(
      'Failed to connect to the AI service. The connection may be temporarily unavailable.',
    );
    expect(FLOW_TEXT.runFailed('AIML API')).toBe(
      'Failed to connect to AIML API. Please try again later.',
    );
    expect(FLOW_TEXT.modelReplyError('AIML API')).toBe(
      'I encountered an error while processing your request with AIML API.',
    );
    expect(FLOW_TEXT.modelResponseFailed('Local AI Engine')).toBe(
      'Failed to get response from Local AI Engine',
    );
    expect(FLOW_TEXT.serverReturned(502, 'Bad Gateway')).toBe('Server returned 502: Bad Gateway');
    expect(FLOW_TEXT.serverResponded(429, 'Too Many Requests')).toBe(
      'Server responded with 429: Too Many Requests',
    );
    expect(FLOW_TEXT.taskConnectionError('T')).toMatch(
      /^Error: Connection timed out while executing: T\n\n.*\(Beta Feature\)$/,
    );
    expect(FLOW_TEXT.taskError('T')).toBe('Error executing subtask: T');
    expect(FLOW_TEXT.websiteDeployError('boom')).toBe('Error: Failed to deploy website. boom');
    expect(FLOW_TEXT.websiteDeployError('')).toBe('Error: Failed to deploy website.');
    expect(FLOW_TEXT.siteCreationFailed(500, 'down')).toBe(
      'Failed to create hosting site: 500 down',
    );
    expect(FLOW_TEXT.deployRequestFailed(404, '')).toBe('Failed to deploy website: 404');
    expect(FLOW_TEXT.httpError(500, '', 'Internal Server Error')).toBe(
      '500: Internal Server Error',
    );
    expect(FLOW_TEXT.httpError(500, 'body', 'x')).toBe('500: body');
    expect(FLOW_TEXT.taskList(['one'])).toBe("I've broken the goal into 1 task:\n1. one");
    expect(FLOW_TEXT.retryingTask(5000, 1, 2)).toContain('Retrying in 5 seconds (retry 1 of 2)');
  });
});
