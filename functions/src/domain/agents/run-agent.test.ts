import type { AskEvent, ToolCall } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { ChatProvider, GenerateRequest, StreamEvent } from '../../providers/llm/types.ts';
import { ReplyParts } from '../chat/reply-parts.ts';
import { runAgent, type AgentRun } from './run-agent.ts';
import type { AgentTool } from './tools/agent-tool.ts';

/** A model that plays `steps` in order, one per call, and records what each call was sent. */
function scripted(steps: StreamEvent[][]): ChatProvider & { requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = [];
  return {
    endpoint: 'test',
    requests,
    async *stream(request) {
      requests.push({ ...request, messages: [...request.messages] });
      yield* steps[requests.length - 1] ?? [{ type: 'text', text: 'No more steps' }, { type: 'done', finishReason: 'stop' }];
    },
  };
}

const call = (id: string, name: string, args = '{}'): StreamEvent[] => [{ type: 'tool_call', id, name, args }];
const asksFor = (...calls: StreamEvent[][]): StreamEvent[] => [...calls.flat(), { type: 'usage', promptTokens: 10, completionTokens: 2 }, { type: 'done', finishReason: 'tool_calls' }];
const answers = (text: string): StreamEvent[] => [{ type: 'text', text }, { type: 'usage', promptTokens: 20, completionTokens: 3 }, { type: 'done', finishReason: 'stop' }];

function tool(name: string, run: AgentTool['run']): AgentTool {
  return { name, description: name, parameters: { type: 'object', properties: {} }, run };
}

function setup(provider: ChatProvider, tools: AgentTool[], options: { limit?: number; signal?: AbortSignal } = {}) {
  const events: AskEvent[] = [];
  const parts = new ReplyParts();
  const run: AgentRun = { agentId: 'agent_test1234', tools, recursionLimit: options.limit ?? 10, context: { userId: 'u1', conversationId: 'c1', messageId: 'r1', fileIds: [], now: new Date() } };
  const request = { model: 'm', history: [{ role: 'user' as const, content: 'Go' }], parameters: {}, signal: options.signal ?? new AbortController().signal };
  return { events, parts, outcome: () => runAgent(provider, request, run, parts, (event) => events.push(event)) };
}

const toolCalls = (parts: ReplyParts) => parts.parts.filter((part) => part.type === 'tool_call').map((part) => part.tool_call as ToolCall);

describe('runAgent', () => {
  it('ends the loop with the model’s refusal, saved as a refusal part', async () => {
    const provider = scripted([asksFor(call('a', 'lookup')), [{ type: 'refusal', text: 'I won’t continue with this.' }, { type: 'done', finishReason: 'refused' }]]);
    const { parts, outcome } = setup(provider, [tool('lookup', async () => ({ output: 'found' }))]);
    expect(await outcome()).toMatchObject({ finishReason: 'refused' });
    expect(parts.parts.at(-1)).toEqual({ type: 'refusal', refusal: 'I won’t continue with this.' });
    expect(provider.requests).toHaveLength(2);
  });

  it('runs the calls of one step at the same time, returns their results in order and sums the usage', async () => {
    const provider = scripted([asksFor(call('a', 'slow'), call('b', 'fast')), answers('Both done')]);
    const finished: string[] = [];
    const slow = tool('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished.push('slow');
      return { output: 'slow result' };
    });
    const fast = tool('fast', async () => {
      finished.push('fast');
      return { output: 'fast result', attachments: [{ file_id: 'f1', toolCallId: 'b', filename: 'a.csv', filepath: '/f1', type: 'text/csv', bytes: 3 }] };
    });
    const { parts, outcome } = setup(provider, [slow, fast]);
    const result = await outcome();
    expect(finished).toEqual(['fast', 'slow']);
    expect(provider.requests[1]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'slow', args: '{}' }, { id: 'b', name: 'fast', args: '{}' }] },
      { role: 'tool', content: 'slow result', toolCallId: 'a', toolName: 'slow' },
      { role: 'tool', content: 'fast result', toolCallId: 'b', toolName: 'fast' },
    ]);
    expect(result).toMatchObject({ finishReason: 'stop', usage: { promptTokens: 30, completionTokens: 5 }, attachments: [expect.objectContaining({ file_id: 'f1' })] });
    expect(parts.parts.map((part) => part.type)).toEqual(['agent_update', 'tool_call', 'tool_call', 'text']);
  });

  it('turns a throwing tool and arguments that are no JSON object into "Error processing tool" outputs', async () => {
    const provider = scripted([asksFor(call('a', 'broken'), call('b', 'broken', '[1]'), call('c', 'broken', '{oops')), answers('Recovered')]);
    const { parts, outcome } = setup(provider, [tool('broken', () => Promise.reject(new Error('disk full')))]);
    expect((await outcome()).finishReason).toBe('stop');
    expect(toolCalls(parts).map((toolCall) => toolCall.output)).toEqual([
      'Error processing tool broken: disk full',
      'Error processing tool broken: the arguments must be a JSON object',
      'Error processing tool broken: the arguments are not valid JSON',
    ]);
  });

  it('stops without waiting for a tool that ignores the stop, leaving its call running', async () => {
    const controller = new AbortController();
    const provider = scripted([asksFor(call('a', 'hang'))]);
    const hang = tool('hang', () => {
      setTimeout(() => controller.abort(), 20);
      return new Promise(() => undefined);
    });
    const { parts, events, outcome } = setup(provider, [hang], { signal: controller.signal });
    expect(await outcome()).toMatchObject({ finishReason: 'incomplete' });
    expect(toolCalls(parts)).toEqual([expect.objectContaining({ id: 'a', progress: 0.1 })]);
    expect(events.filter((event) => event.type === 'part')).toHaveLength(2);
    expect(provider.requests).toHaveLength(1);
  });

  it("puts an action's sign-in link and its expiry on the call's part", async () => {
    const provider = scripted([asksFor(call('a', 'calendar')), answers('Sign in first')]);
    const calendar = tool('calendar', async () => ({ output: 'Sign in to use this action.', auth: { url: 'https://auth.example.com/authorize?state=s', expiresAt: '2026-11-22T18:10:00.000Z' } }));
    const { parts, outcome } = setup(provider, [calendar]);
    await outcome();
    expect(toolCalls(parts)).toEqual([expect.objectContaining({ progress: 1, auth: 'https://auth.example.com/authorize?state=s', expires_at: Date.parse('2026-11-22T18:10:00.000Z') })]);
  });

  it('sends no agent update again when a continued reply already names the agent', async () => {
    const provider = scripted([answers('More')]);
    const { parts, events, outcome } = setup(provider, []);
    parts.push({ type: 'agent_update', agent_update: { agentId: 'agent_test1234' } });
    await outcome();
    expect(parts.parts.filter((part) => part.type === 'agent_update')).toHaveLength(1);
    expect(events.some((event) => event.type === 'part')).toBe(false);
    expect(provider.requests[0]?.tools).toBeUndefined();
  });
});
