import type { Message } from '@meld/shared';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { MessageActions } from './message-actions.tsx';
import { MessageEditor } from './message-editor.tsx';

export interface GenerationActions {
  /** False while a reply streams: no second generation starts meanwhile. */
  canGenerate: boolean;
  regenerate: (reply: Message) => void;
  continueReply: (reply: Message) => void;
  submitEdit: (message: Message, text: string) => void;
}

/** Continue is offered on the branch's last reply when it stopped early (cut off, stopped or over its length). */
function canContinue(message: Message, branch: readonly BranchEntry[]): boolean {
  if (message.isCreatedByUser || message.error || branch.at(-1)?.message.messageId !== message.messageId) return false;
  return !!message.unfinished || message.finish_reason === 'length' || message.finish_reason === 'incomplete';
}

/**
 * Which message is open in the inline editor, and the tree's render slots that follow it. The
 * slots keep their identity until the editor or what can be generated changes: the tree's rows are
 * memoised on them, and a new slot on every render of the conversation (each answer of a query
 * while the page loads) drew every row again (issue 25 §7). The actions a button starts are read
 * when it is pressed.
 */
export function useMessageEditing(conversationId: string, generation: GenerationActions) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const stop = useCallback(() => setEditingId(null), []);
  const { canGenerate } = generation;
  const actions = useRef(generation);
  useLayoutEffect(() => {
    actions.current = generation;
  });

  const renderBody = useCallback(
    (entry: BranchEntry) => {
      if (entry.message.messageId !== editingId) return null;
      const { message } = entry;
      const onSubmit = message.isCreatedByUser && canGenerate ? (text: string) => actions.current.submitEdit(message, text) : undefined;
      return <MessageEditor message={message} onDone={stop} onSubmit={onSubmit} />;
    },
    [editingId, canGenerate, stop],
  );

  const renderActions = useCallback(
    (entry: BranchEntry, branch: readonly BranchEntry[]) =>
      entry.message.messageId === editingId ? null : (
        <MessageActions
          conversationId={conversationId}
          entry={entry}
          latestMessageId={branch.at(-1)?.message.messageId}
          onEdit={entry.message.truncated ? undefined : () => setEditingId(entry.message.messageId)}
          onRegenerate={!entry.message.isCreatedByUser && canGenerate ? () => actions.current.regenerate(entry.message) : undefined}
          onContinue={canGenerate && canContinue(entry.message, branch) ? () => actions.current.continueReply(entry.message) : undefined}
        />
      ),
    [conversationId, editingId, canGenerate],
  );

  return { renderBody, renderActions };
}
