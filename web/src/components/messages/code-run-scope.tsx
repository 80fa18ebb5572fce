import { createContext, useContext } from 'react';

/** Which reply and content part a code block is rendered in, so its runs can be found again. */
export interface CodeBlockPlace {
  messageId: string;
  partIndex: number;
}

const PlaceContext = createContext<CodeBlockPlace | null>(null);

export const CodeBlockPlaceProvider = PlaceContext.Provider;

/** The reply and part a code block is in; null outside a saved reply. */
export function useCodeBlockPlace(): CodeBlockPlace | null {
  return useContext(PlaceContext);
}

const CONVERSATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The saved conversation open on screen, whose replies' code may run: the conversation view gives
 * it. A context rather than the router's address, so the message components need no router (the
 * public share page renders them without one, decision 0046).
 */
const ConversationContext = createContext<string | null>(null);

export const CodeRunConversationProvider = ConversationContext.Provider;

/**
 * The conversation and place of a code block that may run: a reply in an open conversation
 * (/c/<id>). Null elsewhere: a shared page, a new chat not saved yet, user messages, tool inputs.
 */
export function useCodeRunTarget(): (CodeBlockPlace & { conversationId: string }) | null {
  const conversationId = useContext(ConversationContext);
  const place = useCodeBlockPlace();
  if (!place || !conversationId || !CONVERSATION_ID.test(conversationId)) return null;
  return { conversationId, ...place };
}
