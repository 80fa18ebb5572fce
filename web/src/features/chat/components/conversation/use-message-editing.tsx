import type { Message } from '@meld/shared';
import { useCallback, useState } from 'react';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { MessageActions } from './message-actions.tsx';
import { MessageEditor } from './message-editor.tsx';

export interface GenerationActions {
  /** False while a reply streams: no second generation starts meanwhile. */
  canGenerate: boolean;
  regenerate: (reply: Message) => void;
  submitEdit: (message: Message, text: string) => void;
}

/** Which message is open in the inline editor, and the tree's render slots that follow it. */
export function useMessageEditing(conversationId: string, generation: GenerationActions) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const stop = useCallback(() => setEditingId(null), []);
  const { canGenerate, regenerate, submitEdit } = generation;

  const renderBody = (entry: BranchEntry) => {
    if (entry.message.messageId !== editingId) return null;
    const { message } = entry;
    const onSubmit = message.isCreatedByUser && canGenerate ? (text: string) => submitEdit(message, text) : undefined;
    return <MessageEditor message={message} onDone={stop} onSubmit={onSubmit} />;
  };

  const renderActions = (entry: BranchEntry, branch: readonly BranchEntry[]) =>
    entry.message.messageId === editingId ? null : (
      <MessageActions
        conversationId={conversationId}
        entry={entry}
        latestMessageId={branch.at(-1)?.message.messageId}
        onEdit={() => setEditingId(entry.message.messageId)}
        onRegenerate={!entry.message.isCreatedByUser && canGenerate ? () => regenerate(entry.message) : undefined}
      />
    );

  return { renderBody, renderActions };
}
