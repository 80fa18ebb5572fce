import { ARTIFACT_TIMING, type Message } from '@meld/shared';
import clsx from 'clsx';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from '@/components/messages/icons.tsx';
import { useCopy } from '@/components/messages/use-copy.ts';
import { downloadFile } from '@/lib/download.ts';
import { ArtifactCodeEditor } from './artifact-code-editor.tsx';
import { ArtifactIcon } from './artifact-icons.tsx';
import { ArtifactPreview } from './artifact-preview.tsx';
import { closeArtifact, openArtifact, type ArtifactSelection } from './artifact-store.ts';
import { ARTIFACT_FILES, artifactFileName } from './artifact-types.ts';
import { conversationArtifacts, versionsOf, type ConversationArtifact } from './collect-artifacts.ts';
import { useThrottledValue } from './use-settled-value.ts';

/** Spec 000 section 2: copy feedback lasts 3 seconds. */
const COPY_FEEDBACK_MS = 3000;

type Tab = 'code' | 'preview';

const iconButton = 'grid size-9 shrink-0 place-items-center rounded-lg text-ink-soft hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-40 disabled:hover:bg-transparent';

function VersionNav({ versions, position, conversationId }: { versions: ConversationArtifact[]; position: number; conversationId: string }) {
  const { t } = useTranslation();
  if (versions.length < 2) return null;
  const go = (to: number) => {
    const target = versions[to];
    if (target) openArtifact({ conversationId, messageId: target.messageId, index: target.index });
  };
  return (
    <div role="group" aria-label={t('artifacts.versions')} className="flex items-center text-xs text-ink-soft">
      <button type="button" className={iconButton} aria-label={t('artifacts.previousVersion')} disabled={position === 0} onClick={() => go(position - 1)}>
        <Icon name="chevronLeft" />
      </button>
      <span className="tabular-nums">{t('artifacts.versionPosition', { current: String(position + 1), total: String(versions.length) })}</span>
      <button type="button" className={iconButton} aria-label={t('artifacts.nextVersion')} disabled={position === versions.length - 1} onClick={() => go(position + 1)}>
        <Icon name="chevronRight" />
      </button>
    </div>
  );
}

interface ArtifactPanelProps {
  conversationId: string;
  selection: ArtifactSelection;
  messages: readonly Message[];
}

/**
 * The side panel: the chosen artifact with Code and Preview tabs, its versions (the same
 * identifier written again later), copy and download. Beside the conversation on a wide screen,
 * over it on a phone. It follows a streaming artifact at the spec's update throttle.
 */
export function ArtifactPanel({ conversationId, selection, messages }: ArtifactPanelProps) {
  const { t } = useTranslation();
  const ids = useId();
  const followed = useThrottledValue(messages, ARTIFACT_TIMING.updateThrottleMs);
  const all = useMemo(() => conversationArtifacts(followed), [followed]);
  const { versions, position } = versionsOf(all, selection.messageId, selection.index);
  const artifact = versions[position];
  const [tab, setTab] = useState<Tab>('preview');
  const { copied, copy } = useCopy(COPY_FEEDBACK_MS);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeArtifact();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!artifact) return null;
  const title = artifact.title || t('artifacts.untitled');
  const shown: Tab = artifact.complete ? tab : 'code';
  const tabs: Tab[] = ['code', 'preview'];

  return (
    <aside aria-labelledby={`${ids}-title`} className="fixed inset-0 z-40 flex flex-col bg-surface md:inset-y-0 md:right-0 md:left-auto md:w-[min(48vw,56rem)] md:border-l md:border-line md:shadow-lift">
      <header className="flex items-center gap-2 border-b border-line px-3 py-2 sm:px-4">
        <div className="min-w-0 flex-1">
          <h2 id={`${ids}-title`} className="truncate font-serif text-lg font-semibold text-ink">
            {title}
          </h2>
          <p className="text-xs text-ink-faint">{t(`artifacts.types.${ARTIFACT_FILES[artifact.type].label}`)}</p>
        </div>
        <VersionNav versions={versions} position={position} conversationId={conversationId} />
        <button type="button" className={iconButton} aria-label={copied ? t('artifacts.copied') : t('artifacts.copy')} title={copied ? t('artifacts.copied') : t('artifacts.copy')} onClick={() => void copy(artifact.content)}>
          <Icon name={copied ? 'check' : 'copy'} />
        </button>
        <button type="button" className={iconButton} aria-label={t('artifacts.download')} title={t('artifacts.download')} onClick={() => downloadFile(artifactFileName(artifact.title, artifact.identifier, artifact.type), artifact.content, ARTIFACT_FILES[artifact.type].mime)}>
          <ArtifactIcon name="download" />
        </button>
        <button type="button" className={iconButton} aria-label={t('artifacts.close')} title={t('artifacts.close')} onClick={closeArtifact}>
          <ArtifactIcon name="close" />
        </button>
      </header>
      <div role="tablist" aria-label={t('artifacts.viewsLabel')} className="flex gap-1 border-b border-line px-3 py-2 sm:px-4">
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`${ids}-tab-${id}`}
            aria-selected={shown === id}
            aria-controls={`${ids}-panel`}
            disabled={id === 'preview' && !artifact.complete}
            onClick={() => setTab(id)}
            className={clsx('rounded-lg px-3 py-1.5 text-sm transition-colors disabled:opacity-50', shown === id ? 'bg-accent-soft font-medium text-accent-strong' : 'text-ink-soft hover:bg-sunken hover:text-ink')}
          >
            {t(`artifacts.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${shown}`} className="min-h-0 flex-1">
        {shown === 'code' ? (
          <ArtifactCodeEditor conversationId={conversationId} artifact={artifact} labelledBy={`${ids}-tab-code`} />
        ) : (
          <ArtifactPreview type={artifact.type} content={artifact.content} title={artifact.title} />
        )}
      </div>
    </aside>
  );
}
