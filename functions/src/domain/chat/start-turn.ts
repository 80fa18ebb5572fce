import { checkParameters, conversationSettingsSchema, ERROR_CODES, NO_PARENT, PARAMETER_KINDS, type AskBody, type EndpointFileConfig, type ParameterKind, type Conversation, type ConversationSettings, type Message } from '@meld/shared';
import type { ChatTurn } from '../../providers/llm/types.ts';
import { conversationNotFound, messageNotFound } from '../conversations/not-found.ts';
import { DomainError } from '../errors.ts';
import { filesToAttach, loadAttachments, messageFiles, type AttachableFile, type AttachmentDeps } from './attachments.ts';
import { DEFAULT_TITLE } from './ensure-title.ts';
import { branchTo, toTurns } from './history.ts';
import { temporaryExpiry } from './temporary-chat.ts';

export interface StartTurnDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  putConversation(userId: string, conversation: Conversation): Promise<void>;
  getAllMessages(userId: string, conversationId: string): Promise<Message[]>;
  putMessage(userId: string, message: Message): Promise<void>;
  newId(): string;
  files: AttachmentDeps;
}

export interface TurnInput {
  userId: string;
  /** The endpoint as stored on the conversation: a built-in name or a custom endpoint's name. */
  endpoint: string;
  endpointType: string | null;
  body: AskBody;
  now: Date;
  /** The model reads images (context-window.ts `readsImages`); without it an attached image is refused. */
  vision?: boolean;
  /** The endpoint's file rules (file-rules.ts `endpointRules`); the new message's files must keep to them. */
  fileRules?: EndpointFileConfig;
}

/** Everything the reply needs, settled before the first byte streams. */
export interface Turn {
  userId: string;
  conversation: Conversation;
  isNew: boolean;
  requestMessage: Message;
  responseMessageId: string;
  /** Continue: the unfinished reply being extended (its id is `responseMessageId`). */
  continued?: Message;
  settings: ConversationSettings;
  history: ChatTurn[];
}

const SETTING_KEYS = Object.keys(conversationSettingsSchema.shape) as (keyof ConversationSettings)[];

function settingsOf(body: AskBody, endpoint: string, endpointType: string | null): ConversationSettings {
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) if (body[key] !== undefined) settings[key] = body[key];
  return { ...settings, endpoint, endpointType };
}

/**
 * Loads or creates the conversation and saves the user's message (regenerate answers the
 * existing one again). A new conversation's message is its root, and is written before the
 * conversation item so the conversation never shows up empty in the lists.
 */
export async function startTurn(input: TurnInput, deps: StartTurnDeps): Promise<Turn> {
  const { userId, body, now } = input;
  const settings = settingsOf(body, input.endpoint, input.endpointType);
  refuseOutOfRange(input, settings);
  const at = now.toISOString();
  const base = { userId, settings, responseMessageId: deps.newId() };
  const attach = { vision: input.vision ?? false, detail: settings.imageDetail ?? 'auto', ...(input.fileRules ? { rules: input.fileRules } : {}) } as const;
  // Refused before anything is written: another user's file, or one this model cannot read.
  const files = body.isRegenerate || body.isContinued ? [] : await filesToAttach(userId, body.files, attach, deps.files);

  if (body.conversationId === null) {
    if (body.isRegenerate || body.isContinued) throw new DomainError('invalid', ERROR_CODES.validation, 'Regenerate and continue need a conversation', 'conversationId');
    const conversationId = deps.newId();
    const expiry = body.isTemporary ? { expiredAt: temporaryExpiry(now) } : {};
    const conversation: Conversation = { ...settings, conversationId, title: DEFAULT_TITLE, user: userId, isArchived: false, tags: [], ...expiry, createdAt: at, updatedAt: at };
    const requestMessage = { ...userMessage(body, conversationId, NO_PARENT, deps.newId, at, files), ...expiry };
    const history = await historyOf(input, settings, [requestMessage], requestMessage, files, deps);
    await saveRequest(userId, requestMessage, files, deps);
    await deps.putConversation(userId, conversation);
    return { ...base, conversation, isNew: true, requestMessage, history };
  }

  // Two independent reads at once: messages live in the user's own partition, so a conversation
  // that is not theirs (or not there) reads none.
  const [conversation, messages] = await Promise.all([deps.getConversation(userId, body.conversationId), deps.getAllMessages(userId, body.conversationId)]);
  if (!conversation) throw conversationNotFound();
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const combined = { ...conversation, ...settings };
  if (body.isContinued) return continueTurn(base, combined, conversation, messages, body, input, deps);
  let requestMessage: Message;
  if (body.isRegenerate) {
    const existing = byId.get(body.parentMessageId);
    if (!existing?.isCreatedByUser) throw messageNotFound();
    requestMessage = existing;
  } else {
    if (body.parentMessageId !== NO_PARENT && !byId.has(body.parentMessageId)) throw messageNotFound();
    if (body.messageId && byId.has(body.messageId)) throw new DomainError('conflict', ERROR_CODES.conflict, 'A message with this id already exists', 'messageId');
    requestMessage = userMessage(body, conversation.conversationId, body.parentMessageId, deps.newId, at, files);
    if (conversation.expiredAt) requestMessage.expiredAt = conversation.expiredAt;
  }
  const history = await historyOf(input, combined, branchTo([...messages, requestMessage], requestMessage), requestMessage, files, deps);
  if (!body.isRegenerate) await saveRequest(userId, requestMessage, files, deps);
  return { ...base, conversation, isNew: false, requestMessage, history };
}

/** The branch as the provider sees it, with each user message's files read (and documents extracted) first. */
async function historyOf(input: TurnInput, settings: ConversationSettings, branch: Message[], current: Message, files: AttachableFile[], deps: StartTurnDeps): Promise<ChatTurn[]> {
  const hasFiles = branch.some((message) => message.files?.length);
  if (!hasFiles) return toTurns(settings, branch);
  const options = { vision: input.vision ?? false, detail: settings.imageDetail ?? 'auto', resend: settings.resendFiles !== false };
  const attachments = await loadAttachments(input.userId, branch, { message: current, files }, options, deps.files);
  return toTurns(settings, branch, attachments);
}

async function saveRequest(userId: string, message: Message, files: AttachableFile[], deps: StartTurnDeps): Promise<void> {
  await deps.putMessage(userId, message);
  if (files.length) await deps.files.markAttached(userId, files.map((file) => file.file_id));
}

/**
 * Continue: the reply to `parentMessageId` named by `responseMessageId` is extended in place. The
 * provider sees the branch ending with the partial reply, so it picks up where the reply stopped.
 */
async function continueTurn(base: Pick<Turn, 'userId' | 'settings' | 'responseMessageId'>, settings: ConversationSettings, conversation: Conversation, messages: Message[], body: AskBody, input: TurnInput, deps: StartTurnDeps): Promise<Turn> {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const requestMessage = byId.get(body.parentMessageId);
  const reply = body.responseMessageId ? byId.get(body.responseMessageId) : undefined;
  if (!requestMessage?.isCreatedByUser || !reply || reply.isCreatedByUser || reply.parentMessageId !== requestMessage.messageId) throw messageNotFound();
  if (reply.error) throw new DomainError('invalid', ERROR_CODES.validation, 'A failed reply cannot be continued; regenerate it instead', 'responseMessageId');
  const history = await historyOf(input, settings, branchTo(messages, reply), requestMessage, [], deps);
  return { ...base, responseMessageId: reply.messageId, continued: reply, conversation, isNew: false, requestMessage, history };
}

/** Spec 000 section 5's ranges for this provider and model; refused before anything is written. */
function refuseOutOfRange(input: TurnInput, settings: ConversationSettings): void {
  const kind = input.endpointType === 'custom' ? 'custom' : input.endpoint;
  if (!(PARAMETER_KINDS as readonly string[]).includes(kind)) return;
  const problem = checkParameters(kind as ParameterKind, input.body.model, settings);
  if (problem) throw new DomainError('invalid', ERROR_CODES.validation, problem.message, problem.param);
}

function userMessage(body: AskBody, conversationId: string, parentMessageId: string, newId: () => string, at: string, files: AttachableFile[]): Message {
  return {
    ...(files.length ? { files: messageFiles(files) } : {}),
    messageId: body.messageId ?? newId(),
    conversationId,
    parentMessageId,
    text: body.text,
    sender: 'User',
    isCreatedByUser: true,
    createdAt: at,
    updatedAt: at,
  };
}
