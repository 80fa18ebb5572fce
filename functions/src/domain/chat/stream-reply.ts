import { randomUUID } from 'node:crypto';
import { ABORT_ENDPOINTS, type AbortEndpoint, type AskEvent, type ChatErrorInfo, type ChatErrorType, type Conversation, type ConversationSettings, type Message } from '@meld/shared';
import type { ChatProvider } from '../../providers/llm/types.ts';
import { runAgent, type AgentRun } from '../agents/run-agent.ts';
import { watchForAbort } from './abort-watch.ts';
import { ReplyParts } from './reply-parts.ts';
import { recordProgress, type ProgressDeps, type RunningGeneration } from './reply-progress.ts';
import { streamStep, type Outcome, type ReplyUsage } from './stream-step.ts';
import type { Turn } from './start-turn.ts';
import { isStandInTitle } from './ensure-title.ts';
import { writeTitle, type TitleSource } from './title.ts';

export interface StreamReplyDeps {
  putMessage(userId: string, message: Message): Promise<void>;
  updateConversation(userId: string, conversationId: string, change: (current: Conversation) => Conversation): Promise<Conversation | undefined>;
  markRunning(userId: string, generation: RunningGeneration): Promise<void>;
  clearRunning(userId: string, generation: Generation): Promise<void>;
  isAbortRequested(userId: string, generation: Generation): Promise<boolean>;
  /**
   * After the reply's last write: reads the profile strongly consistent and, when the account was
   * deleted while the reply streamed, sweeps what was written under it (decision 0011).
   */
  sweepIfAccountDeleted(userId: string): Promise<boolean>;
  /** Queues the purge of a conversation deleted while its reply streamed, which that reply's writes outlived. */
  purgeConversation(userId: string, conversationId: string): Promise<void>;
  /** Checkpoints of the reply in progress, for readers in other tabs and devices (decision 0039). */
  progress: ProgressDeps;
  now(): Date;
  abortPollMs: number;
}

export type { ReplyUsage };

/**
 * A reply refused before the provider is called (an insufficient balance): shown and saved as
 * the reply's error, with its catalogue type and values.
 */
export class ReplyRefused extends Error {
  constructor(
    readonly type: ChatErrorType,
    message: string,
    readonly info?: ChatErrorInfo,
  ) {
    super(message);
    this.name = 'ReplyRefused';
  }
}

export interface ReplyOptions {
  /** Runs after `created`, before the provider is called; throwing ReplyRefused ends the reply with that error. */
  beforeGenerate?(turn: Turn): Promise<void>;
  /** Who writes a new conversation's title; null titles it with the opening words. */
  titleSource?: TitleSource | null;
  /** Called once the reply is saved (or its refusal is), before its title is written: frees what the reply held. */
  afterSave?(): Promise<void>;
  /** Called once a generated reply is saved, with the provider's usage, before `final` is sent; spending the balance lives here. */
  onSaved?(reply: Message, usage: ReplyUsage | null): Promise<void>;
  /** An agent's reply: the tool loop runs instead of one model call (its usage is the calls' sum). */
  agent?: AgentRun;
}

interface Generation {
  conversationId: string;
  requestMessageId: string;
  responseMessageId: string;
}

/**
 * Streams the provider's reply as events and saves it. `send` must never throw: the reply is
 * finished and saved even when the client has gone, so closing the tab loses nothing. A new
 * conversation's title follows `final`, so the reply never waits for it. Once everything is
 * written, or the reply failed, the account is checked: a reply that outlived its account's
 * deletion takes back what it saved (the turn's messages, the balance spent), which no deletion
 * could remove later.
 */
export async function streamReply(turn: Turn, provider: ChatProvider, send: (event: AskEvent) => void, deps: StreamReplyDeps, options: ReplyOptions = {}): Promise<void> {
  try {
    await streamAndSave(turn, provider, send, deps, options);
  } finally {
    await deps.sweepIfAccountDeleted(turn.userId);
  }
}

async function streamAndSave(turn: Turn, provider: ChatProvider, send: (event: AskEvent) => void, deps: StreamReplyDeps, options: ReplyOptions): Promise<void> {
  const { userId, conversation, requestMessage } = turn;
  const generation = runningGeneration(turn, deps.now());
  // Running before `created`, so an abort the client sends as soon as it sees `created` finds it.
  await deps.markRunning(userId, generation);
  send({ type: 'created', message: requestMessage, conversationId: conversation.conversationId });
  const watch = watchForAbort(() => deps.isAbortRequested(userId, generation), deps.abortPollMs);
  // What this tab is sent, other tabs read from the checkpoints.
  const progress = recordProgress(userId, generation, deps.progress, deps.now);
  const sendAndRecord = (event: AskEvent) => {
    send(event);
    progress.record(event);
  };
  const parts = ReplyParts.of(turn.continued);
  let outcome: Outcome;
  let refused: Outcome | null;
  try {
    refused = await refusedBeforeGenerating(turn, options, parts);
    outcome = refused ?? (await generate(turn, provider, watch.signal, parts, sendAndRecord, options.agent));
  } catch (error) {
    await progress.close();
    await deps.clearRunning(userId, generation);
    throw error;
  } finally {
    watch.stop();
    // No checkpoint lands after this: the saved reply takes over, and the invocation may end.
    await progress.close();
  }
  if (outcome.error) send({ type: 'error', ...outcome.error });
  let responseMessage: Message;
  try {
    responseMessage = replyMessage(turn, parts, outcome, deps.now().toISOString());
    await deps.putMessage(userId, responseMessage);
    const saved = await deps.updateConversation(userId, conversation.conversationId, (current) => ({ ...current, ...turn.settings, updatedAt: responseMessage.updatedAt }));
    // Deleted while the reply streamed: its purge may have run already, so what this reply wrote goes too.
    if (!saved) await deps.purgeConversation(userId, conversation.conversationId);
    // Charged before the browser hears of it: `final` has it ask for the balance again, and spent
    // after, that answer could be the old balance, shown for another minute (a CI run of
    // balance.e2e.test.ts saw 120 stay 120). A reply refused before the provider was called cost nothing.
    if (!refused) await options.onSaved?.(responseMessage, outcome.usage);
    send({ type: 'final', conversation: saved ?? conversation, requestMessage, responseMessage });
  } finally {
    await deps.clearRunning(userId, generation);
  }
  await options.afterSave?.();
  if (turn.isNew) {
    const title = await writeTitle(outcome.error ? null : (options.titleSource ?? null), requestMessage.text, responseMessage.text);
    const saved = await deps.updateConversation(userId, conversation.conversationId, (current) => (isStandInTitle(current.title, requestMessage.text) ? { ...current, title } : current));
    send({ type: 'title', conversationId: conversation.conversationId, title: saved?.title ?? title });
  }
}

/** The generation item's record: its ids, and what a reader in another tab shows and stops it with. */
function runningGeneration(turn: Turn, now: Date): RunningGeneration {
  const { settings } = turn;
  return {
    conversationId: turn.conversation.conversationId,
    requestMessageId: turn.requestMessage.messageId,
    responseMessageId: turn.responseMessageId,
    runId: randomUUID(),
    startedAt: now.toISOString(),
    abortEndpoint: abortEndpointOf(settings),
    sender: senderOf(settings),
    model: settings.model ?? null,
    endpoint: settings.endpoint ?? null,
    continues: turn.continued !== undefined,
  };
}

/**
 * The abort route's path parameter for this conversation: its endpoint when that is a kind (or
 * `agents`), else `custom` (a custom endpoint's own name, the coach's). The route flags the
 * conversation's generation whichever it names.
 */
function abortEndpointOf(settings: ConversationSettings): AbortEndpoint {
  const endpoint = settings.endpoint ?? '';
  return settings.endpointType !== 'custom' && (ABORT_ENDPOINTS as readonly string[]).includes(endpoint) ? (endpoint as AbortEndpoint) : 'custom';
}

function senderOf(settings: ConversationSettings): string {
  return settings.modelLabel || settings.endpoint || 'Assistant';
}

async function refusedBeforeGenerating(turn: Turn, options: ReplyOptions, parts: ReplyParts): Promise<Outcome | null> {
  try {
    await options.beforeGenerate?.(turn);
    return null;
  } catch (error) {
    if (!(error instanceof ReplyRefused)) throw error;
    const failure = { code: error.type, message: error.message, ...(error.info ? { info: error.info } : {}) };
    parts.addError(failure);
    return { finishReason: 'error', error: failure, usage: null };
  }
}

async function generate(turn: Turn, provider: ChatProvider, signal: AbortSignal, parts: ReplyParts, send: (event: AskEvent) => void, agent: AgentRun | undefined): Promise<Outcome> {
  const model = turn.settings.model ?? '';
  if (agent) return runAgent(provider, { model, history: turn.history, parameters: turn.settings, signal }, agent, parts, send);
  const step = await streamStep(provider, { model, messages: turn.history, parameters: turn.settings, signal }, parts, turn.responseMessageId, send);
  // Offered no tools, a model that still asks for one has simply finished.
  return { finishReason: step.finishReason === 'tool_calls' ? 'stop' : step.finishReason, usage: step.usage, ...(step.error ? { error: step.error } : {}) };
}

function replyMessage(turn: Turn, parts: ReplyParts, outcome: Outcome, at: string): Message {
  const { settings, requestMessage } = turn;
  return {
    messageId: turn.responseMessageId,
    conversationId: turn.conversation.conversationId,
    parentMessageId: requestMessage.messageId,
    text: parts.text(),
    content: parts.parts,
    sender: senderOf(settings),
    isCreatedByUser: false,
    model: settings.model ?? null,
    endpoint: settings.endpoint ?? null,
    finish_reason: outcome.finishReason === 'error' ? null : outcome.finishReason,
    ...(outcome.finishReason === 'incomplete' ? { unfinished: true } : {}),
    ...(outcome.error ? { error: true } : {}),
    ...(outcome.attachments?.length ? { attachments: outcome.attachments } : {}),
    ...(turn.conversation.expiredAt ? { expiredAt: turn.conversation.expiredAt } : {}),
    createdAt: turn.continued?.createdAt ?? at,
    updatedAt: at,
  };
}
