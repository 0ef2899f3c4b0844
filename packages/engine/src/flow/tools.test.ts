import { describe, expect, it } from 'vitest';
import { lastTimerToken, planned, run, stepTexts } from './driver.test-helpers';
import { canResume, retryTarget } from './state';
import { TOOL_LIMITS, TOOL_TEXT, toolStepOf } from './tool-texts';
import type { ToolCallRequest } from './tool-types';
import type { FlowEffect, FlowEvent, FlowState } from './types';

const hook = (ask: boolean, id = 'c1', args = '{"text":"hi"}'): ToolCallRequest => ({
  id,
  tool: 'webhook_alerts',
  arguments: args,
  item: { kind: 'webhook', id: 'w1', ask, target: 'POST https://hooks.example.com/x' },
});

/** A run whose first task's model call is under way. */
function taskCalling(auto: boolean) {
  let current = planned(auto);
  if (auto)
    current = run([{ type: 'timerFired', token: lastTimerToken(current.effects) }], current.state);
  else current = run([{ type: 'execute' }], current.state);
  return current;
}

const effectOf = <T extends FlowEffect['type']>(effects: FlowEffect[], type: T) =>
  effects
    .filter((effect): effect is Extract<FlowEffect, { type: T }> => effect.type === type)
    .at(-1);

/** The last task call of `effects`. */
function taskCall(effects: FlowEffect[]) {
  const call = effectOf(effects, 'callModel');
  return call?.purpose === 'task' ? call : undefined;
}

function pendingCallId(state: FlowState): number {
  if (!state.pending) throw new Error('nothing pending');
  return state.pending.callId;
}

function reply(state: FlowState, calls: ToolCallRequest[], text = ''): FlowEvent {
  return { type: 'taskToolCalls', reply: text, calls, callId: pendingCallId(state) };
}

describe('tool calls of a task', () => {
  it('offers tools, makes an auto call without asking, and returns its answer to the model', () => {
    const calling = taskCalling(true);
    expect(effectOf(calling.effects, 'callModel')).toMatchObject({ purpose: 'task', tools: true });
    const asked = run([reply(calling.state, [hook(false)], 'Let me call it')], calling.state);
    const tool = effectOf(asked.effects, 'callTool');
    expect(tool).toMatchObject({ call: { id: 'c1', tool: 'webhook_alerts' } });
    expect(asked.state.pending).toMatchObject({ kind: 'tool', toolCallId: 'c1' });
    expect(stepTexts(asked.effects)).toContain(
      `action: ${TOOL_TEXT.call('webhook_alerts', 'POST https://hooks.example.com/x', '{"text":"hi"}')}`,
    );
    const answered = run(
      [
        {
          type: 'toolResult',
          status: 200,
          statusText: 'OK',
          body: '{"ok":true}',
          callId: tool!.callId,
        },
      ],
      asked.state,
    );
    const again = taskCall(answered.effects);
    expect(again?.messages).toEqual([
      {
        role: 'assistant',
        content: 'Let me call it',
        toolCalls: [{ id: 'c1', name: 'webhook_alerts', arguments: '{"text":"hi"}' }],
      },
      { role: 'tool', toolCallId: 'c1', content: 'HTTP 200 OK\n\n{"ok":true}' },
    ]);
    expect(answered.state.toolCallsUsed).toBe(1);
    const done = run(
      [{ type: 'taskReply', reply: 'Sent.', callId: pendingCallId(answered.state) }],
      answered.state,
    );
    expect(done.state.tasks[0]).toMatchObject({ completed: true, result: 'Sent.' });
    expect(done.state.tools).toBeNull();
  });

  it('waits for approval when the item asks, and a rejection never makes the call', () => {
    const calling = taskCalling(true);
    const asked = run([reply(calling.state, [hook(true)])], calling.state);
    expect(asked.state.status).toBe('waiting');
    expect(asked.state.pendingApproval).toMatchObject({
      tool: 'webhook_alerts',
      arguments: { text: 'hi' },
      outcomeUnknown: false,
    });
    expect(effectOf(asked.effects, 'callTool')).toBeUndefined();
    expect(canResume(asked.state)).toBe(false);
    expect(retryTarget(asked.state)).toBeNull();
    const callId = asked.state.pendingApproval!.callId;
    const approvalStep = stepTexts(asked.effects).at(-1)!;
    expect(toolStepOf(approvalStep.replace(/^action: /, ''))).toEqual({ kind: 'approval', callId });
    // A wrong call id changes nothing; AUTO on does not skip the question.
    expect(run([{ type: 'approve', callId: callId + 1, approve: true }], asked.state).state).toBe(
      asked.state,
    );
    expect(
      run(
        [
          { type: 'setAuto', auto: false },
          { type: 'setAuto', auto: true },
        ],
        asked.state,
      ).state.pendingApproval,
    ).not.toBeNull();
    const rejected = run([{ type: 'approve', callId, approve: false }], asked.state);
    expect(effectOf(rejected.effects, 'callTool')).toBeUndefined();
    expect(rejected.state.pendingApproval).toBeNull();
    expect(taskCall(rejected.effects)?.messages?.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      content: TOOL_TEXT.modelRejected,
    });
    const approved = run([{ type: 'approve', callId, approve: true }], asked.state);
    expect(effectOf(approved.effects, 'callTool')).toBeDefined();
  });

  it('asks for every call in manual mode', () => {
    const calling = taskCalling(false);
    const asked = run([reply(calling.state, [hook(false)])], calling.state);
    expect(asked.state.pendingApproval).not.toBeNull();
  });

  it('refuses unknown tools, bad arguments and calls over the per-task limit', () => {
    const calling = taskCalling(true);
    const unknown = { ...hook(false, 'u'), tool: 'nope', item: null };
    const bad = { ...hook(false, 'b'), problem: 'Arguments must be a JSON object' };
    const refused = run([reply(calling.state, [unknown, bad])], calling.state);
    expect(
      stepTexts(refused.effects).filter((text) => text.includes('Tool call not made')),
    ).toHaveLength(2);
    let state = refused.state;
    for (let index = 0; index < TOOL_LIMITS.perTask; index++) {
      const made = run([reply(state, [hook(false, `c${index}`)])], state);
      const tool = effectOf(made.effects, 'callTool')!;
      state = run(
        [{ type: 'toolResult', status: 500, statusText: 'Error', body: 'x', callId: tool.callId }],
        made.state,
      ).state;
    }
    expect(state.tools?.taskCalls).toBe(TOOL_LIMITS.perTask);
    // Tools are no longer offered; calls the model makes anyway are not carried out.
    expect(state.pending).toMatchObject({ kind: 'model' });
    const over = run([reply(state, [hook(false, 'late')], 'Final words')], state);
    expect(effectOf(over.effects, 'callTool')).toBeUndefined();
    expect(over.state.tasks[0]?.result).toBe('Final words');
  });

  it('asks again after a call whose outcome was never recorded: retry or skip', () => {
    const calling = taskCalling(true);
    const made = run([reply(calling.state, [hook(false)])], calling.state);
    const tool = effectOf(made.effects, 'callTool')!;
    const unknown = run([{ type: 'toolOutcomeUnknown', callId: tool.callId }], made.state);
    expect(unknown.state.pendingApproval).toMatchObject({
      outcomeUnknown: true,
      tool: 'webhook_alerts',
    });
    expect(stepTexts(unknown.effects).at(-1)).toContain('Outcome unknown');
    const callId = unknown.state.pendingApproval!.callId;
    const retried = run([{ type: 'approve', callId, approve: true }], unknown.state);
    expect(effectOf(retried.effects, 'callTool')?.call.id).toBe('c1');
    const skipped = run([{ type: 'approve', callId, approve: false }], unknown.state);
    expect(stepTexts(skipped.effects)).toContain(`result: ${TOOL_TEXT.skipped('webhook_alerts')}`);
    // A failed call goes back to the model as a failure.
    const failed = run(
      [{ type: 'toolResult', status: null, body: '', error: 'timed out', callId: tool.callId }],
      made.state,
    );
    expect(taskCall(failed.effects)?.messages?.at(-1)?.role).toBe('tool');
    // Stop clears the question.
    expect(run([{ type: 'stop' }], unknown.state).state.pendingApproval).toBeNull();
  });

  it('goes on without tools when the endpoint rejects them', () => {
    const calling = taskCalling(true);
    const rejected = run(
      [
        {
          type: 'taskToolsRejected',
          message: 'Server returned 400',
          callId: pendingCallId(calling.state),
        },
      ],
      calling.state,
    );
    expect(rejected.state.toolsOff).toBe(true);
    expect(taskCall(rejected.effects)?.tools).toBe(false);
    expect(stepTexts(rejected.effects)).toContain(
      `thinking: ${TOOL_TEXT.toolsRejected('Server returned 400')}`,
    );
    const orphan = { ...calling.state, tools: null };
    const failed = run(
      [{ type: 'taskToolsRejected', message: 'no', callId: pendingCallId(orphan) }],
      orphan,
    );
    expect(failed.state.tasks[0]?.failed).toBe(true);
  });

  it('reads tool steps apart from others', () => {
    expect(toolStepOf('Something else')).toBeNull();
    expect(toolStepOf(TOOL_TEXT.answer('t', 200, 'OK', 'not json'))).toEqual({
      kind: 'answer',
      callId: null,
    });
    expect(TOOL_TEXT.answer('t', 200, 'OK', 'y'.repeat(5000))).toContain('[... cut]');
  });
});
