import type { Conversation } from '@meld/shared';
import { useInlineRename } from '../../hooks/use-inline-rename.ts';
import { InlineTitleInput } from '../inline-title-input.tsx';

interface RowTitleEditorProps {
  conversation: Conversation;
  title: string;
  label: string;
  /** The edit ended, saved or cancelled: the row shows its link again. */
  onDone: () => void;
}

/**
 * A row's title while it is renamed inline. The rename mutation lives here, not in every row: the
 * row mounts this only while editing, and the mutation's own callbacks (revert, toast) outlive it.
 */
export function RowTitleEditor({ conversation, title, label, onDone }: RowTitleEditorProps) {
  const { save } = useInlineRename(conversation);
  return (
    <div className="flex h-full min-w-0 flex-1 items-center pl-1.5">
      <InlineTitleInput
        initial={title}
        label={label}
        onSave={(typed) => {
          save(typed);
          onDone();
        }}
        onCancel={onDone}
        className="h-[calc(100%-6px)] text-sm"
      />
    </div>
  );
}
