import type { MentorProfile, MentorResponse } from '@meld/shared';
import { renderRoutes } from '@/test/render.tsx';
import { Component as CompletePage } from './routes/complete-route.tsx';
import { Component as QuestionPage } from './routes/question-route.tsx';
import { Component as StartPage } from './routes/start-route.tsx';

export const TOKEN = 'T'.repeat(32) + 'k'.repeat(31) + '_';
/** The path parameters of an interview route: this token, and the stage when given. */
export const interview = (stage?: number): Record<string, string> => (stage === undefined ? { token: TOKEN } : { token: TOKEN, stage: String(stage) });

export function profile(fields: Partial<MentorProfile> = {}): MentorProfile {
  return { firstName: 'Grace', jobTitle: 'Rear Admiral', company: 'US Navy', resumeStage: 1, transcriptionAvailable: true, maxAudioBytes: 25_000_000, completed: false, ...fields };
}

export function stage(step: number, fields: Partial<MentorResponse> = {}): MentorResponse {
  return {
    stage_id: step,
    question: `What moment defined your career, question ${step}?`,
    preamble: 'You mentioned the early compilers.',
    supporting_text: 'A defining career moment.',
    response_text: '',
    status: 'asked',
    duration_ms: null,
    has_audio: false,
    rejection_reason: null,
    transcription_error: null,
    different_questions_left: 3,
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...fields,
  };
}

export const sentJson = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

/** The three interview pages at their real paths, with stand-ins nowhere: they link to each other. */
export function renderInterview(path: string) {
  return renderRoutes(
    [
      { path: '/mentor-interview/:token/start', element: <StartPage /> },
      { path: '/mentor-interview/:token/question/:step', element: <QuestionPage /> },
      { path: '/mentor-interview/:token/complete', element: <CompletePage /> },
    ],
    path,
  );
}

export { FakeMediaRecorder, fakeMicrophone } from '@/test/fake-microphone.ts';
