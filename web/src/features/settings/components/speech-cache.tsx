import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { clearSpeechCache } from '@/lib/speech/tts-cache.ts';
import { showToast } from '@/lib/toast.ts';
import { SettingRow } from './setting-row.tsx';

/** Data tab: "Delete TTS cache" empties the tts-responses cache of replies read aloud in this browser. */
export function SpeechCache() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const clear = async () => {
    setPending(true);
    try {
      await clearSpeechCache();
      showToast({ message: t('speech.cache.deleted'), severity: 'success' });
    } catch {
      showToast({ message: t('speech.cache.failed'), severity: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <SettingRow label={t('speech.cache.label')} hint={t('speech.cache.hint')}>
      <Button variant="secondary" size="sm" disabled={pending} onClick={() => void clear()}>
        {t('speech.cache.delete')}
      </Button>
    </SettingRow>
  );
}
