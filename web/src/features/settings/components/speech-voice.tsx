import type { SpeechEngine } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { browserVoices } from '@/lib/speech/speech-player.ts';
import { speechVoicesQuery } from '@/lib/speech/speech-queries.ts';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { SettingSelect } from './setting-controls.tsx';
import { SettingRow } from './setting-row.tsx';

/** The browser's voice list, which Chrome fills in after the page loads ('voiceschanged'). */
function useBrowserVoices(includeCloud: boolean): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState(() => browserVoices(includeCloud));
  useEffect(() => {
    const synthesis = window.speechSynthesis as SpeechSynthesis | undefined;
    const read = () => setVoices(browserVoices(includeCloud));
    read();
    synthesis?.addEventListener('voiceschanged', read);
    return () => synthesis?.removeEventListener('voiceschanged', read);
  }, [includeCloud]);
  return voices;
}

/** The voice menu: the browser's voices or the server's, with the engine's default first. */
export function SpeechVoice({ engine }: { engine: SpeechEngine }) {
  const { t } = useTranslation();
  const labelId = useId();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const local = useBrowserVoices(settings.cloudBrowserVoices);
  const server = useQuery({ ...speechVoicesQuery, enabled: engine === 'external' });

  const voices =
    engine === 'external'
      ? (server.data?.voices ?? []).map((voice) => ({ value: voice.id, label: voice.languageName ? `${voice.name} (${voice.languageName})` : voice.name }))
      : local.map((voice) => ({ value: voice.name, label: `${voice.name} (${voice.lang})` }));
  const options = [{ value: '', label: t('speech.defaultVoice') }, ...voices];
  // A voice of the other engine (or one this browser lacks) reads as the default.
  const value = options.some((option) => option.value === settings.voice) ? settings.voice : '';

  return (
    <SettingRow labelId={labelId} label={t('speech.tts.voice.label')} hint={engine === 'browser' && !local.length ? t('speech.tts.voice.none') : t('speech.tts.voice.hint')}>
      <SettingSelect value={value} options={options} labelledBy={labelId} onChange={(voice) => update.mutate({ voice })} />
    </SettingRow>
  );
}
