import type { Conversation } from '@meld/shared';
import { useState } from 'react';
import { useRenameConvo } from '../api/convo-mutations.ts';
import { UNTITLED } from '../lib/conversation-id.ts';

/** Rename state for one conversation: an empty title falls back to "New Chat"; an unchanged one sends nothing. */
export function useInlineRename(conversation: Pick<Conversation, 'conversationId' | 'title'>) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameConvo();
  return {
    editing,
    start: () => setEditing(true),
    cancel: () => setEditing(false),
    save: (typed: string) => {
      setEditing(false);
      const title = typed || UNTITLED;
      if (title !== conversation.title) rename.mutate({ conversationId: conversation.conversationId, title });
    },
  };
}
