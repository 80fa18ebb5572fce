import { SPEECH_ENGINES, SPEECH_LIMITS, type SpeechEngine } from '@meld/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { localeName, SPEECH_LOCALES } from '@/lib/speech/speech-languages.ts';
import { useSpeechConfig } from '@/lib/speech/speech-queries.ts';
import { AUTO_SEND_OFF, DEFAULT_PLAYBACK_RATE, roundRate, speechEngine } from '@/lib/speech/speech-settings.ts';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { ChoiceSetting, SettingSelect, SwitchSetting } from './setting-controls.tsx';
import { SettingRow } from './setting-row.tsx';
import { SpeechRange } from './speech-range.tsx';
import { SpeechVoice } from './speech-voice.tsx';

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="pt-6">
      <h3 id={id} className="font-serif text-lg font-semibold text-ink">
        {heading}
      </h3>
      <div className="divide-y divide-line">{children}</div>
    </section>
  );
}

/** The engine menu offers the server only when it has an engine; a stored value it lacks reads as browser. */
function EngineSetting({ name, external }: { name: 'engineSTT' | 'engineTTS'; external: boolean }) {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const labelId = useId();
  const offered: readonly SpeechEngine[] = external ? SPEECH_ENGINES : ['browser'];
  const options = offered.map((value) => ({ value, label: t(`speech.engines.${value}`) }));
  const text = name === 'engineSTT' ? ({ label: t('speech.stt.engineSTT.label'), hint: t('speech.stt.engineSTT.hint') }) : ({ label: t('speech.tts.engineTTS.label'), hint: t('speech.tts.engineTTS.hint') });
  const hint = !external && settings[name] === 'external' ? t('speech.unavailable') : text.hint;
  return (
    <SettingRow labelId={labelId} label={text.label} hint={hint}>
      <SettingSelect value={speechEngine(settings[name], external)} options={options} labelledBy={labelId} onChange={(engine) => update.mutate({ [name]: engine })} />
    </SettingRow>
  );
}

function LanguageSetting({ name }: { name: 'languageSTT' | 'languageTTS' }) {
  const { t, i18n } = useTranslation();
  const text = name === 'languageSTT' ? ({ label: t('speech.stt.languageSTT.label'), hint: t('speech.stt.languageSTT.hint') }) : ({ label: t('speech.tts.languageTTS.label'), hint: t('speech.tts.languageTTS.hint') });
  const options = [{ value: '', label: t('speech.followBrowser') }, ...SPEECH_LOCALES.map((locale) => ({ value: locale, label: localeName(locale, i18n.language) }))];
  return <ChoiceSetting name={name} label={text.label} hint={text.hint} options={options} />;
}

export function SpeechToTextSection({ advanced }: { advanced: boolean }) {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const { sttExternal } = useSpeechConfig();
  const { decibel, autoSendSeconds } = SPEECH_LIMITS;
  return (
    <Section id="speech-stt-heading" heading={t('speech.stt.heading')}>
      <SwitchSetting name="speechToText" label={t('speech.stt.speechToText.label')} hint={t('speech.stt.speechToText.hint')} />
      {settings.speechToText ? (
        <>
          <EngineSetting name="engineSTT" external={sttExternal} />
          <LanguageSetting name="languageSTT" />
          {advanced ? (
            <>
              <SwitchSetting name="autoTranscribeAudio" label={t('speech.stt.autoTranscribeAudio.label')} hint={t('speech.stt.autoTranscribeAudio.hint')} />
              <SpeechRange
                label={t('speech.stt.decibelValue.label')}
                hint={t('speech.stt.decibelValue.hint', { value: String(settings.decibelValue) })}
                value={settings.decibelValue}
                min={decibel.min}
                max={decibel.max}
                step={1}
                format={(value) => `${value} dB`}
                onSave={(decibelValue) => update.mutate({ decibelValue })}
              />
              <SpeechRange
                label={t('speech.stt.autoSendText.label')}
                hint={t('speech.stt.autoSendText.hint')}
                value={settings.autoSendText}
                min={autoSendSeconds.min}
                max={autoSendSeconds.max}
                step={1}
                format={(value) => (value === AUTO_SEND_OFF ? t('speech.stt.autoSendText.off') : t('speech.stt.autoSendText.seconds', { count: value }))}
                onSave={(autoSendText) => update.mutate({ autoSendText })}
              />
            </>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

export function TextToSpeechSection({ advanced }: { advanced: boolean }) {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const { ttsExternal } = useSpeechConfig();
  const engine = speechEngine(settings.engineTTS, ttsExternal);
  const { playbackRate } = SPEECH_LIMITS;
  return (
    <Section id="speech-tts-heading" heading={t('speech.tts.heading')}>
      <SwitchSetting name="textToSpeech" label={t('speech.tts.textToSpeech.label')} hint={t('speech.tts.textToSpeech.hint')} />
      {settings.textToSpeech ? (
        <>
          <EngineSetting name="engineTTS" external={ttsExternal} />
          <SpeechVoice engine={engine} />
          {advanced ? (
            <>
              {engine === 'browser' ? <SwitchSetting name="cloudBrowserVoices" label={t('speech.tts.cloudBrowserVoices.label')} hint={t('speech.tts.cloudBrowserVoices.hint')} /> : null}
              <LanguageSetting name="languageTTS" />
              <SwitchSetting name="automaticPlayback" label={t('speech.tts.automaticPlayback.label')} hint={t('speech.tts.automaticPlayback.hint')} />
              <SpeechRange
                label={t('speech.tts.playbackRate.label')}
                hint={t('speech.tts.playbackRate.hint')}
                value={settings.playbackRate}
                min={playbackRate.min}
                max={playbackRate.max}
                step={playbackRate.step}
                format={(value) => t('speech.tts.playbackRate.value', { value: roundRate(value).toFixed(1) })}
                onSave={(rate) => update.mutate({ playbackRate: roundRate(rate) })}
                resetTo={DEFAULT_PLAYBACK_RATE}
              />
              {ttsExternal ? <SwitchSetting name="cacheTTS" label={t('speech.tts.cacheTTS.label')} hint={t('speech.tts.cacheTTS.hint')} /> : null}
            </>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}
