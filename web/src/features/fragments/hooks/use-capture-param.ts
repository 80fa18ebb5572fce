import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSpeechConfigKnown } from '@/lib/speech/speech-queries.ts';
import type { CaptureKind } from '../components/capture-panel.tsx';
import { useVoiceNotesAvailable } from '@/lib/speech/use-voice-notes-available.ts';

const KINDS: Record<string, CaptureKind> = { quick: 'quick', voice: 'voice', webclip: 'webClip' };

/**
 * `/fragments?capture=quick|voice|webclip` (the shell's quick-add) opens that capture once, then leaves
 * the address clean. A voice note where none can be kept opens the written capture instead.
 */
export function useCaptureParam(open: (kind: CaptureKind) => void): void {
  const [params, setParams] = useSearchParams();
  const voiceNotes = useVoiceNotesAvailable();
  const speechKnown = useSpeechConfigKnown();
  const asked = KINDS[params.get('capture') ?? ''];
  useEffect(() => {
    if (!asked || (asked === 'voice' && !speechKnown)) return;
    open(asked === 'voice' && !voiceNotes ? 'quick' : asked);
    setParams(
      (current) => {
        current.delete('capture');
        return current;
      },
      { replace: true },
    );
  }, [asked, open, setParams, speechKnown, voiceNotes]);
}
