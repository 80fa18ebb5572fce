import type { RouteName, RouteResponse, SaveMentorResponseBody } from '@meld/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '@/lib/api-client.ts';
import { InvalidReplyError } from '../lib/interview-errors.ts';

export const interviewKeys = {
  all: (token: string) => ['mentor-interview', token] as const,
  profile: (token: string) => [...interviewKeys.all(token), 'profile'] as const,
  intro: (token: string) => [...interviewKeys.all(token), 'intro'] as const,
  response: (token: string, step: number) => [...interviewKeys.all(token), 'response', step] as const,
};

/** The client reads replies as JSON and gives undefined for anything else: that is an unreadable reply here. */
function expectObject<T>(payload: T): T {
  if (payload === null || typeof payload !== 'object') throw new InvalidReplyError();
  return payload;
}

async function call<N extends RouteName>(name: N, options: RequestOptions<N>): Promise<RouteResponse<N>> {
  return expectObject(await (apiRequest as (n: N, o: RequestOptions<N>) => Promise<RouteResponse<N>>)(name, options));
}

// The pages show these errors themselves, in the spec's words, so the cache raises no toast.
const quiet = { toastOnError: false } as const;

export const profileQuery = (token: string) =>
  queryOptions({ queryKey: interviewKeys.profile(token), queryFn: () => call('getMentorInterview', { params: { token } }), meta: quiet, retry: false });

/** The generated introduction; on any failure the welcome page shows the default text. */
export const introQuery = (token: string) =>
  queryOptions({
    queryKey: interviewKeys.intro(token),
    queryFn: () => call('generateMentorIntro', { params: { token } }),
    meta: quiet,
    retry: false,
    staleTime: Infinity,
  });

export const responseQuery = (token: string, step: number) =>
  queryOptions({
    queryKey: interviewKeys.response(token, step),
    queryFn: () => call('getMentorResponse', { params: { token, stage: String(step) } }),
    meta: quiet,
    retry: false,
    staleTime: 0,
  });

export type SaveBody = Partial<SaveMentorResponseBody>;

/** The save route reads JSON or multipart itself, so the shared table gives it no body schema to type. */
export function saveAnswer(token: string, step: number, body: SaveBody) {
  const options = { params: { token, stage: String(step) }, body } as unknown as RequestOptions<'saveMentorResponse'>;
  return call('saveMentorResponse', options);
}

export function uploadRecording(token: string, step: number, audio: Blob, durationMs: number) {
  const form = new FormData();
  form.append('audio', audio, 'answer.webm');
  form.append('duration_ms', String(Math.round(durationMs)));
  return call('saveMentorResponse', { params: { token, stage: String(step) }, form });
}

export function retryTranscription(token: string, step: number) {
  return call('retryMentorTranscription', { params: { token, stage: String(step) } });
}

export function generateQuestion(token: string, body: { previous_stage_id: number; answer_text: string; force_regenerate?: boolean }) {
  return call('generateMentorQuestion', { params: { token }, body });
}

export function generateInsights(token: string) {
  return call('generateMentorInsights', { params: { token } });
}
