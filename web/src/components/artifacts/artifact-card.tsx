import type { ArtifactBlock } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { CodeBlock } from '@/components/messages/code-block.tsx';
import { ArtifactIcon } from './artifact-icons.tsx';
import { openArtifact, useArtifactHost, useArtifactSelection } from './artifact-store.ts';
import { ARTIFACT_FILES } from './artifact-types.ts';

interface ArtifactCardProps {
  artifact: ArtifactBlock;
  messageId: string;
}

/**
 * An artifact in a reply: its title and type, and "Open" for the side panel. Without a panel
 * (the public share page) the code shows as a code block under the card.
 */
export function ArtifactCard({ artifact, messageId }: ArtifactCardProps) {
  const { t } = useTranslation();
  const host = useArtifactHost();
  const selection = useArtifactSelection(host?.conversationId ?? '');
  const open = !!selection && selection.messageId === messageId && selection.index === artifact.index;
  const title = artifact.title || t('artifacts.untitled');
  return (
    <div className="my-4 first:mt-0">
      <div className={clsx('flex items-center gap-3 rounded-2xl border bg-surface px-4 py-3 shadow-soft transition-colors', open ? 'border-accent' : 'border-line')}>
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-strong">
          <ArtifactIcon name="artifact" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-serif text-[1.02rem] font-semibold text-ink">{title}</span>
          <span className="block text-xs text-ink-faint">
            {artifact.complete ? t(`artifacts.types.${ARTIFACT_FILES[artifact.type].label}`) : t('artifacts.writing')}
          </span>
        </span>
        {host ? (
          <button
            type="button"
            aria-label={t('artifacts.openNamed', { title })}
            aria-pressed={open}
            onClick={() => openArtifact({ conversationId: host.conversationId, messageId, index: artifact.index })}
            className="inline-flex h-9 shrink-0 items-center rounded-lg border border-line-strong px-3 text-sm font-medium text-ink hover:border-ink-faint hover:bg-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            {t('artifacts.open')}
          </button>
        ) : null}
      </div>
      {host ? null : <CodeBlock language={artifact.language || ARTIFACT_FILES[artifact.type].extension} code={artifact.content} />}
    </div>
  );
}
