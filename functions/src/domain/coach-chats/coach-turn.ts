import { NO_PARENT, type AskBody } from '@meld/shared';
import type { StoredCoachThread } from '../../store/coach-chat-store.ts';
import { startTurn, type StartTurnDeps, type Turn } from '../chat/start-turn.ts';

/** Replies are signed by the coach, whatever model answers. */
export const COACH_LABEL = 'Coach';

export interface CoachTurnInput {
  userId: string;
  thread: StoredCoachThread;
  text: string;
  parentMessageId: string;
  messageId?: string | undefined;
  coach: { endpoint: string; endpointType: string | null; model: string };
  /** Built on the server from the member's record for this turn; never stored, never the client's. */
  systemPrompt: string;
  now: Date;
}

/**
 * A chat-engine turn on the thread's conversation (the first message starts it), answered by the
 * configured coach: endpoint, model and system prompt come from the server, so a client cannot
 * swap them. The prompt is rebuilt each turn, so the coach always reads the latest record.
 */
export async function startCoachTurn(input: CoachTurnInput, deps: StartTurnDeps): Promise<Turn> {
  const { thread, coach } = input;
  // A conversation deleted from the general history since: the thread starts a new one.
  const conversationId = thread.conversationId && (await deps.getConversation(input.userId, thread.conversationId)) ? thread.conversationId : null;
  const body: AskBody = {
    text: input.text,
    conversationId,
    parentMessageId: conversationId ? input.parentMessageId : NO_PARENT,
    ...(input.messageId ? { messageId: input.messageId } : {}),
    model: coach.model,
    modelLabel: COACH_LABEL,
    isRegenerate: false,
    isContinued: false,
    isTemporary: false,
  };
  const turn = await startTurn({ userId: input.userId, endpoint: coach.endpoint, endpointType: coach.endpointType, body, now: input.now }, deps);
  return { ...turn, history: [{ role: 'system', content: input.systemPrompt }, ...turn.history.filter((entry) => entry.role !== 'system')] };
}
