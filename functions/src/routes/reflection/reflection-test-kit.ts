import type { ApiClient } from '../api-test-kit.ts';
import { registerMember } from '../api-test-kit.ts';

export type Answer<T> = { status: number; headers: Headers; json: T & { message?: string; field?: string; code?: string } };

/** A member who records compass entries and asks for reflection questions and summaries. */
export async function reflectingMember(client: ApiClient) {
  const { token } = await registerMember(client);
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': 'Europe/Lisbon' };
  const call = <T>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  const save = async (date: string, type: 'mood' | 'energy' | 'note' | 'evening-reflection', answer: number | string) => {
    const response = await call<{ _id: string }>('POST', '/api/interactions', {
      kind: type === 'evening-reflection' ? 'reflection' : 'compass',
      promptText: `Your ${type}`,
      captureMethod: typeof answer === 'number' ? 'slider' : 'text',
      interactionMeta: { type },
      date,
      ...(typeof answer === 'number' ? { numericAnswer: answer } : { responseText: answer }),
    });
    if (response.status !== 201) throw new Error(`Saving the ${type} failed: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json;
  };
  return {
    call,
    save,
    /** Mood, energy and the intention note of one day. */
    compass: async (date: string, mood: number, energy: number, note: string) => {
      await save(date, 'mood', mood);
      await save(date, 'energy', energy);
      await save(date, 'note', note);
    },
    question: (date: unknown) => call<{ question: string; stage: string; source: string }>('POST', '/api/reflection/generate-question', { date }),
    summary: (date: unknown, eveningReflectionText: unknown) => call<{ summary: string; source: string; day: Record<string, unknown> }>('POST', '/api/reflection/generate-summary', { date, eveningReflectionText }),
  };
}
