import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { useHighlightedCode } from '@/components/messages/use-highlight.tsx';
import { ARTIFACT_FILES } from './artifact-types.ts';
import type { ConversationArtifact } from './collect-artifacts.ts';
import { useArtifactEdit, type EditStatus } from './use-artifact-edit.ts';

/**
 * The same box for the coloured code and the text area typed into over it: identical font,
 * padding and wrapping, so each character of the (transparent) typed text sits on its coloured twin.
 * Long lines wrap anywhere: the panel never scrolls sideways.
 */
const LAYER = 'col-start-1 row-start-1 m-0 p-4 font-mono text-[0.82rem] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] [tab-size:2]';

function SaveStatus({ status }: { status: EditStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return null;
  return (
    <p role={status === 'failed' || status === 'conflict' ? 'alert' : 'status'} className={clsx('px-4 py-2 text-xs', status === 'failed' || status === 'conflict' ? 'text-danger' : 'text-ink-faint')}>
      {t(`artifacts.save.${status}`)}
    </p>
  );
}

/**
 * An artifact's code, highlighted by the app's highlighter and editable in place: a text area with
 * transparent text over the coloured copy, both in one grid cell so the area grows with the code
 * and the panel scrolls them together.
 */
export function ArtifactCodeEditor({ conversationId, artifact, labelledBy }: { conversationId: string; artifact: ConversationArtifact; labelledBy: string }) {
  const { t } = useTranslation();
  const edit = useArtifactEdit(conversationId, artifact);
  const language = artifact.language || ARTIFACT_FILES[artifact.type].extension;
  const highlighted = useHighlightedCode(edit.code, language);
  return (
    <div className="flex size-full flex-col">
      <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto bg-sunken/50">
        <div className="grid min-h-full">
          {/* A trailing line keeps the coloured copy as tall as the area when the code ends in a newline. */}
          <pre aria-hidden="true" data-highlighted={highlighted ? language : undefined} className={clsx(LAYER, 'pointer-events-none text-ink [&_span]:!font-normal [&_span]:!not-italic')}>
            {highlighted ?? edit.code}
            {'\n'}
          </pre>
          <textarea
            aria-labelledby={labelledBy}
            aria-description={artifact.complete ? t('artifacts.editHint') : t('artifacts.writing')}
            value={edit.code}
            readOnly={!artifact.complete}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            onChange={(event) => edit.change(event.target.value)}
            className={clsx(LAYER, 'resize-none overflow-hidden bg-transparent text-transparent caret-ink selection:bg-accent/25 selection:text-transparent focus:outline-none')}
          />
        </div>
      </div>
      <SaveStatus status={edit.status} />
    </div>
  );
}
