/**
 * The Web Speech API's recogniser, where the browser has one (Chrome and Safari prefix it). Only
 * the members dictation uses are typed here; TypeScript's DOM library does not declare it.
 */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}

type RecognitionConstructor = new () => Recognition;

export function recognitionConstructor(): RecognitionConstructor | null {
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** Everything heard so far, final and interim results in order. */
export function transcriptOf(results: ArrayLike<ArrayLike<{ transcript: string }>>): string {
  let text = '';
  for (let index = 0; index < results.length; index += 1) text += results[index]?.[0]?.transcript ?? '';
  return text.trim();
}

/** The level meter's 0-1 reading (the square root of the RMS, times 1.6) back in decibels. */
export function levelToDecibels(level: number): number {
  const rms = (level / 1.6) ** 2;
  return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
}
