import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Input } from '@/components/ui/input.tsx';
import { parseTags } from '../lib/fragment-text.ts';

interface TagEditorProps {
  id: string;
  tags: readonly string[];
  disabled?: boolean;
  onSave: (tags: string[]) => void;
}

/** Comma-separated tags; Enter or leaving the field saves a change, Escape puts the saved tags back. */
export function TagEditor({ id, tags, disabled, onSave }: TagEditorProps) {
  const { t } = useTranslation();
  const saved = tags.join(', ');
  const [draft, setDraft] = useState(saved);
  const commit = () => {
    const next = parseTags(draft);
    setDraft(next.join(', '));
    if (next.join('\n') !== tags.join('\n')) onSave(next);
  };
  return (
    <Input
      id={id}
      value={draft}
      disabled={disabled}
      placeholder={t('fragments.preview.noTags')}
      aria-describedby={`${id}-hint`}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape' && draft !== saved) {
          event.preventDefault();
          setDraft(saved);
        }
      }}
      className="h-10 text-sm"
    />
  );
}
