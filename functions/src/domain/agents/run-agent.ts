import type { AskEvent, ConversationSettings, ToolAttachment, ToolCall } from '@meld/shared';
import type { ChatProvider, ChatTurn, ToolCallRequest, ToolDefinition } from '../../providers/llm/types.ts';
import type { ReplyPart, ReplyParts } from '../chat/reply-parts.ts';
import { addUsage, streamStep, type Outcome, type ReplyUsage } from '../chat/stream-step.ts';
import type { AgentTool, ToolContext, ToolResult } from './tools/agent-tool.ts';

/** What an agent's reply runs with: its tools, its step budget, and what the tools may know. */
export interface AgentRun {
  agentId: string;
  tools: AgentTool[];
  /** The most model calls one reply may make; a last call that still asks for tools ends it with tool_call_limit. */
  recursionLimit: number;
  context: Pick<ToolContext, 'userId' | 'conversationId' | 'messageId' | 'fileIds' | 'now'>;
  /** Told when a reply ends at the recursion limit (spec 000 section 8 counts it as a violation). */
  onLimit?(): Promise<void>;
}

export interface AgentRequest {
  model: string;
  history: ChatTurn[];
  parameters: ConversationSettings;
  signal: AbortSignal;
}

/** Spec 000 section 4: an output holding this text shows the call as failed. */
export const toolError = (name: string, reason: string) => `Error processing tool ${name}: ${reason}`;

/** A call's part; a finished one carries its output, and an action's sign-in link while it waits for the user. */
const toolPart = (call: ToolCallRequest, progress: number, result?: ToolResult): ReplyPart => {
  const toolCall: ToolCall = { id: call.id, name: call.name, args: call.args, progress, type: 'tool_call' };
  if (result) toolCall.output = result.output;
  if (result?.auth) {
    toolCall.auth = result.auth.url;
    toolCall.expires_at = Date.parse(result.auth.expiresAt);
  }
  return { type: 'tool_call', tool_call: toolCall };
};

/**
 * The agent tool loop: the model streams; when it asks for tools, each call becomes a tool_call
 * part (progress 0.1 while it runs, 1 with its output), the results go back to the model, and it
 * is called again, until it answers, the user stops it, or the recursion limit is reached.
 */
export async function runAgent(provider: ChatProvider, request: AgentRequest, run: AgentRun, parts: ReplyParts, send: (event: AskEvent) => void): Promise<Outcome> {
  const { signal } = request;
  const messageId = run.context.messageId;
  const setPart = (index: number, part: ReplyPart) => {
    parts.set(index, part);
    send({ type: 'part', messageId, index, part });
  };
  const addPart = (part: ReplyPart) => {
    const index = parts.push(part);
    send({ type: 'part', messageId, index, part });
    return index;
  };
  // A continued reply already names its agent.
  if (!parts.parts.some((part) => part.type === 'agent_update')) addPart({ type: 'agent_update', agent_update: { agentId: run.agentId } });

  const tools: ToolDefinition[] = run.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
  const messages = [...request.history];
  const attachments: ToolAttachment[] = [];
  let usage: ReplyUsage | null = null;
  for (let call = 1; ; call++) {
    const step = await streamStep(provider, { model: request.model, messages, parameters: request.parameters, signal, ...(tools.length ? { tools } : {}) }, parts, messageId, send);
    usage = addUsage(usage, step.usage);
    const ended = { usage, ...(attachments.length ? { attachments } : {}) };
    if (step.finishReason !== 'tool_calls') return { ...ended, finishReason: step.finishReason, ...(step.error ? { error: step.error } : {}) };
    if (call >= run.recursionLimit) {
      const error = { code: 'tool_call_limit', message: `The agent reached its limit of ${run.recursionLimit} steps before answering.`, info: { limit: run.recursionLimit } };
      parts.addError(error);
      await run.onLimit?.();
      return { ...ended, finishReason: 'error', error };
    }
    messages.push({ role: 'assistant', content: step.text, toolCalls: step.toolCalls });
    const started = step.toolCalls.map((toolCall) => ({ toolCall, index: addPart(toolPart(toolCall, 0.1)) }));
    const results = await Promise.all(
      started.map(async ({ toolCall, index }) => {
        const result = await untilAborted(runTool(toolCall, run, signal), signal);
        // A call the user stopped stays below 1: it shows as stopped.
        if (!result) return null;
        setPart(index, toolPart(toolCall, 1, result));
        attachments.push(...(result.attachments ?? []));
        return { role: 'tool', content: result.output, toolCallId: toolCall.id, toolName: toolCall.name } satisfies ChatTurn;
      }),
    );
    if (signal.aborted) return { usage, ...(attachments.length ? { attachments } : {}), finishReason: 'incomplete' };
    messages.push(...results.filter((turn) => turn !== null));
  }
}

/** Runs one call; whatever goes wrong (no such tool, arguments that are no JSON object, a throw) is told to the model. */
async function runTool(call: ToolCallRequest, run: AgentRun, signal: AbortSignal): Promise<ToolResult> {
  const tool = run.tools.find((candidate) => candidate.name === call.name);
  if (!tool) return { output: toolError(call.name, 'the agent has no such tool') };
  let args: unknown;
  try {
    args = JSON.parse(call.args || '{}');
  } catch {
    return { output: toolError(call.name, 'the arguments are not valid JSON') };
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) return { output: toolError(call.name, 'the arguments must be a JSON object') };
  try {
    return await tool.run(args as Record<string, unknown>, { ...run.context, toolCallId: call.id, signal });
  } catch (error) {
    return { output: toolError(call.name, error instanceof Error ? error.message : String(error)) };
  }
}

/** The work's result, or null as soon as the user stops the reply (a tool that ignores its signal is not waited for). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const stop = () => resolve(null);
    signal.addEventListener('abort', stop, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(signal.aborted ? null : value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
