import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { conversationModeChange } from '@/lib/speech/speech-settings.ts';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { Switch } from './setting-controls.tsx';
import { SettingRow } from './setting-row.tsx';
import { SpeechToTextSection, TextToSpeechSection } from './speech-sections.tsx';

const MODES = ['simple', 'advanced'] as const;

/** Simple or Advanced: the choice is the advancedMode setting, so the tab opens where it was left. */
function ModeTabs({ advanced, onChange }: { advanced: boolean; onChange: (advanced: boolean) => void }) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = event.key === 'Home' ? false : event.key === 'End' ? true : !advanced;
    onChange(next);
    refs.current[next ? 1 : 0]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('speech.tabs.label')} onKeyDown={onKeyDown} className="mt-1 inline-flex rounded-xl border border-line bg-sunken p-1">
      {MODES.map((mode, index) => {
        const selected = (mode === 'advanced') === advanced;
        return (
          <button
            key={mode}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`speech-mode-${mode}`}
            aria-controls="speech-mode-panel"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(mode === 'advanced')}
            className={clsx('rounded-lg px-4 py-1.5 text-sm transition-colors', selected ? 'bg-surface font-medium text-ink shadow-soft' : 'text-ink-soft hover:text-ink')}
          >
            {t(`speech.tabs.${mode}`)}
          </button>
        );
      })}
    </div>
  );
}

/** Conversation mode also sets auto-transcribe, auto-send and the silence level (spec 000 section 4). */
function ConversationMode() {
  const { t } = useTranslation();
  const { conversationMode } = useUserSettings();
  const update = useUpdateUserSettings();
  return (
    <SettingRow labelId="speech-conversation-mode" label={t('speech.conversationMode.label')} hint={t('speech.conversationMode.hint')} inline>
      <Switch checked={conversationMode} labelledBy="speech-conversation-mode" onChange={(on) => update.mutate(conversationModeChange(on))} />
    </SettingRow>
  );
}

/** Speech: dictation and reading aloud, every key of spec 000 section 3, in a simple and an advanced view. */
export function SpeechTab() {
  const { advancedMode } = useUserSettings();
  const update = useUpdateUserSettings();
  return (
    <div>
      <ModeTabs advanced={advancedMode} onChange={(advanced) => advanced !== advancedMode && update.mutate({ advancedMode: advanced })} />
      <div role="tabpanel" id="speech-mode-panel" aria-labelledby={`speech-mode-${advancedMode ? 'advanced' : 'simple'}`} className="divide-y divide-line">
        <ConversationMode />
        <SpeechToTextSection advanced={advancedMode} />
        <TextToSpeechSection advanced={advancedMode} />
      </div>
    </div>
  );
}
