import { sha256Hex } from '../stream-client.ts';

/** Spec 000 section 7: spoken replies are kept in the browser's Cache Storage under this name. */
export const TTS_CACHE_NAME = 'tts-responses';

function available(): boolean {
  return typeof caches !== 'undefined';
}

/** One entry per voice and text: the same reply in another voice is another recording. */
async function entryUrl(text: string, voice: string): Promise<string> {
  return `${window.location.origin}/${TTS_CACHE_NAME}/${encodeURIComponent(voice || 'default')}/${await sha256Hex(text)}`;
}

export async function readCachedSpeech(text: string, voice: string): Promise<Blob | null> {
  if (!available()) return null;
  const cache = await caches.open(TTS_CACHE_NAME);
  const hit = await cache.match(await entryUrl(text, voice));
  return hit ? hit.blob() : null;
}

export async function cacheSpeech(text: string, voice: string, audio: Blob): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(TTS_CACHE_NAME);
  await cache.put(await entryUrl(text, voice), new Response(audio, { headers: { 'Content-Type': audio.type || 'audio/mpeg' } }));
}

/** The Data tab's "Delete TTS cache": true when there was a cache to delete. */
export async function clearSpeechCache(): Promise<boolean> {
  if (!available()) return false;
  return caches.delete(TTS_CACHE_NAME);
}
