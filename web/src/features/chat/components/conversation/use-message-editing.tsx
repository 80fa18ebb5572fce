import { useCallback, useState } from 'react';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { MessageActions } from './message-actions.tsx';
import { MessageEditor } from './message-editor.tsx';

/** Which message is open in the inline editor, and the tree's render slots that follow it. */
export function useMessageEditing(conversationId: string) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const stop = useCallback(() => setEditingId(null), []);

  const renderBody = (entry: BranchEntry) => (entry.message.messageId === editingId ? <MessageEditor message={entry.message} onDone={stop} /> : null);

  const renderActions = (entry: BranchEntry, branch: readonly BranchEntry[]) =>
    entry.message.messageId === editingId ? null : (
      <MessageActions conversationId={conversationId} entry={entry} latestMessageId={branch.at(-1)?.message.messageId} onEdit={() => setEditingId(entry.message.messageId)} />
    );

  return { renderBody, renderActions };
}
