import { randomUUID } from 'node:crypto';
import { detectFragmentType, fragmentWordCount, type Fragment, type GenerateQuestionResponse, type InteractionType } from '@meld/shared';
import { putFragment } from '../../store/fragment-store.ts';
import type { ApiClient } from '../api-test-kit.ts';
import { registerMember } from '../api-test-kit.ts';
import { entry, eveningZone, seedInteraction, type ZoneDay } from '../interactions/__fixtures__/days.ts';

export type Answer<T> = { status: number; headers: Headers; json: T & { message?: string; field?: string; code?: string } };

/**
 * A member who records compass entries and asks for reflection questions and summaries. Their
 * browser is in a zone where it is evening now, so today's evening check-in is open.
 */
export async function reflectingMember(client: ApiClient, zone: ZoneDay = eveningZone()) {
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': zone.timeZone };
  const call = <T>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  /** Today's entries go through the API; a past day's straight into the store, since the API refuses them. */
  const save = async (date: string, type: InteractionType, answer: number | string): Promise<{ _id: string }> => {
    if (date !== zone.today) return seedInteraction(userId, entry(type, answer, date));
    const saved = await call<{ _id: string }>('POST', '/api/interactions', entry(type, answer, date));
    if (saved.status !== 201) throw new Error(`Saving the ${type} failed: ${saved.status} ${JSON.stringify(saved.json)}`);
    return saved.json;
  };
  return {
    userId,
    today: zone.today,
    timeZone: zone.timeZone,
    call,
    save,
    /** Mood, energy and the intention note of one day. */
    compass: async (date: string, mood: number, energy: number, note: string) => {
      await save(date, 'mood', mood);
      await save(date, 'energy', energy);
      await save(date, 'note', note);
    },
    question: (date: unknown) => call<GenerateQuestionResponse>('POST', '/api/reflection/generate-question', { date }),
    summary: (date: unknown, eveningReflectionText: unknown) => call<{ summary: string; source: string; day: Record<string, unknown> }>('POST', '/api/reflection/generate-summary', { date, eveningReflectionText }),
  };
}

/** A fragment captured at `timestamp` (the API stamps captures with now), written straight into the member's partition. */
export async function seedFragment(userId: string, content: string, timestamp: Date, tags: string[] = []): Promise<Fragment> {
  const at = timestamp.toISOString();
  const fragment = { id: randomUUID(), content, type: detectFragmentType(content), typeSetByUser: false, timestamp: at, source: 'manual', tags, isPinned: false, wordCount: fragmentWordCount(content), sourceUrl: null, clusterId: null, updatedAt: at } as const;
  if (!(await putFragment(userId, { ...fragment, tags }))) throw new Error(`Fragment ${fragment.id} exists already`);
  const { typeSetByUser: _typeSetByUser, ...stored } = fragment;
  return { ...stored, tags };
}
