import { ADMIN_MESSAGES, AUDIO_TRANSCRIPT_PREFIX, type MentorInterestAdmin } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioKey } from '../../domain/mentor-interview/audio-answer.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { dbCalls, useApi } from '../api-test-kit.ts';
import { invitedMentor, signUpAdmin, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

const fake = await startFakeOpenAI({ transcript: () => 'I learned to ship by shipping.' });
afterAll(() => fake.close());

const api = useApi({
  config: {
    speech: { stt: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'sk-test-stt', model: 'whisper-1' } },
    rateLimits: { interest: { max: 1000, windowMinutes: 60 } },
  },
});
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});

/** A WebM recording as MediaRecorder makes it, sent as the browser's FormData does. */
async function recordingForm() {
  const form = new FormData();
  form.set('audio', new Blob([Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2044, 7)])], { type: 'audio/webm' }), 'recording.webm');
  form.set('duration_ms', '9000');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** Everything stored anywhere that still names the mentor: table items and audio objects. */
async function leftovers(mentorId: string, email: string) {
  const items = (await table.scanAll<Record<string, unknown>>()).filter((item) => {
    const text = JSON.stringify(item).toLowerCase();
    return text.includes(mentorId) || text.includes(email.toLowerCase());
  });
  const objects = (await bucketObjects('audio').listKeys('')).filter((key) => key.includes(mentorId));
  return { items: items.map((item) => `${String(item.pk)} ${String(item.sk)}`), objects };
}

describe('deleting a mentor sign-up', () => {
  it('removes the record, every answer, the recordings and their transcripts, the link and an e-mail claim left from before issue 21', async () => {
    const email = `mary.${Date.now()}@example.com`;
    const mentor = await invitedMentor(api().client(), admin, { email });
    // Sign-ups no longer claim their e-mail; one written by an older release goes with the mentor.
    await table.put({ ...keys.mentorInterestEmail(email), entity: 'mentorInterestEmail', mentorInterestId: mentor.id, createdAt: new Date().toISOString() });
    await mentor.response(1);
    const recorded = await api().client().request<{ status: string }>('POST', `/api/mentor-interview/${mentor.token}/response/1`, await recordingForm());
    expect(recorded.json.status).toBe('transcribed');
    await mentor.save(1, { response_text: 'I learned to ship by shipping.', status: 'submitted' });
    await mentor.question({ previous_stage_id: 1, answer_text: 'I learned to ship by shipping.' });
    await mentor.response(2);
    await mentor.save(2, { response_text: 'Ask for the hard problem.', status: 'draft' });

    // What Amazon Transcribe leaves beside the recordings: a transcript named after the recording's job.
    const [recording] = await bucketObjects('audio').listKeys(keys.mentorAudioPrefix(mentor.id));
    await bucketObjects('audio').putText(`${AUDIO_TRANSCRIPT_PREFIX}${keys.transcriptionJob(recording!, 'c0ffee00')}.json`, '{"results":{}}');

    const before = await leftovers(mentor.id, email);
    expect(before.objects).toHaveLength(2);
    // The record, two answers, the link's lookup item, the e-mail claim and the interview's rate-limit window.
    expect(before.items.map((item) => item.replace(/#.*? /, ' ').replace(/#.*$/, ''))).toEqual(
      expect.arrayContaining(['MENTOR_INTEREST MENTOR_INTEREST', 'MENTOR_INTEREST RESPONSE', 'MENTOR_TOKEN MENTOR_TOKEN', 'MENTOR_INTEREST_EMAIL MENTOR_INTEREST_EMAIL', 'RATE WINDOW']),
    );
    expect(before.items).toHaveLength(6);

    const deleted = await admin('DELETE', `/api/mentor-interest/${mentor.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    expect(dbCalls(deleted)).toBe(8);

    expect(await leftovers(mentor.id, email)).toEqual({ items: [], objects: [] });
    expect((await mentor.profile()).status).toBe(404);
    const listed = await admin<MentorInterestAdmin[]>('GET', '/api/mentor-interest');
    expect(listed.json.some((entry) => entry._id === mentor.id)).toBe(false);
    expect((await admin<unknown[]>('GET', `/api/mentor-interest/admin-responses?mentor_id=${mentor.id}`)).json).toEqual([]);
  });

  it('the same mentor signing up again after the deletion gets a fresh record, not marked as a repeat', async () => {
    const email = `katherine.${Date.now()}@example.com`;
    const mentor = await invitedMentor(api().client(), admin, { email });
    await mentor.response(1);
    await mentor.save(1, { response_text: 'Check the numbers yourself.', status: 'submitted' });
    expect((await admin('DELETE', `/api/mentor-interest/${mentor.id}`)).status).toBe(200);

    const again = await api().client().request<{ _id: string }>('POST', '/api/mentor-interest', { json: { firstName: 'Katherine', email, jobTitle: 'Mathematician' } });
    expect(again.status).toBe(201);
    expect(again.json._id).not.toBe(mentor.id);
    const fresh = (await admin<MentorInterestAdmin[]>('GET', '/api/mentor-interest')).json.find((entry) => entry._id === again.json._id);
    expect(fresh).toMatchObject({ firstName: 'Katherine', status: 'pending', accessTokenPrefix: null, answeredStages: 0, repeatOf: null });
  });

  it('answers 404 for a mentor that does not exist or is already deleted', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    expect((await admin('DELETE', `/api/mentor-interest/${mentor.id}`)).status).toBe(200);
    for (const id of [mentor.id, '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const missing = await admin('DELETE', `/api/mentor-interest/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.json.message).toBe(ADMIN_MESSAGES.mentorNotFound);
    }
  });

  it('finds every recording under the mentor’s own folder of the audio bucket', () => {
    expect(audioKey('mentor-7', 3, 'webm').startsWith(keys.mentorAudioPrefix('mentor-7'))).toBe(true);
  });
});
