import type { Message } from '@meld/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { messageArtifacts, type ConversationArtifact } from './collect-artifacts.ts';

/** Typing pauses this long before an edit is saved. */
export const EDIT_SAVE_DELAY_MS = 1_000;

export type EditStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

/** The server keeps an artifact's code without its final newline; compare the same way. */
const normalise = (code: string) => code.replace(/\n$/, '');

/**
 * Edits to an artifact's code, saved through `POST /api/messages/artifact/{messageId}` once typing
 * pauses. Each save names the code it started from (what the server last had), so an edit made
 * against a reply that changed elsewhere is refused rather than overwriting it.
 */
export function useArtifactEdit(conversationId: string, artifact: ConversationArtifact) {
  const queryClient = useQueryClient();
  const key = `${artifact.messageId}:${artifact.index}`;
  // `base` is the code the server holds: what the next save says it started from.
  const [edit, setEdit] = useState<{ key: string; draft: string; base: string; status: EditStatus } | null>(null);
  const current = edit?.key === key ? edit : null;
  const { messageId, index } = artifact;

  useEffect(() => {
    if (!current || current.status === 'saving' || normalise(current.draft) === current.base) return;
    const { draft, base } = current;
    const timer = window.setTimeout(() => {
      setEdit((now) => (now?.key === key ? { ...now, status: 'saving' } : now));
      apiRequest('saveArtifact', { params: { messageId }, body: { conversationId, index, original: base, updated: draft } }).then(
        (message) => {
          const stored = messageArtifacts(message).find((found) => found.index === index)?.content ?? normalise(draft);
          queryClient.setQueryData<Message[]>(convoKeys.messages(conversationId), (list) => list?.map((item) => (item.messageId === message.messageId ? message : item)));
          setEdit((now) => (now?.key === key ? { ...now, base: stored, status: 'saved' } : now));
        },
        (error: unknown) => {
          const status: EditStatus = isApiError(error) && error.status === 409 ? 'conflict' : 'failed';
          setEdit((now) => (now?.key === key ? { ...now, status } : now));
        },
      );
    }, EDIT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, key, conversationId, messageId, index, queryClient]);

  return {
    code: current?.draft ?? artifact.content,
    status: current?.status ?? 'idle',
    change: (draft: string) => setEdit((now) => (now?.key === key ? { ...now, draft, status: now.status === 'saving' ? 'saving' : 'idle' } : { key, draft, base: artifact.content, status: 'idle' })),
  };
}
