import {
  ERROR_CODES,
  MENTOR_INTERVIEW_STAGE_COUNT,
  type MentorProfile,
  type MentorResponse,
  type SaveMentorResponseBody,
  type SaveMentorResponseResult,
} from '@meld/shared';
import type { StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { DomainError } from '../errors.ts';
import type { Interview } from './access.ts';
import { differentQuestionLimit, differentQuestionsLeft, ensureQuestion, regenerateQuestion, type QuestionDeps } from './questions.ts';
import { interviewStage } from './stages.ts';

/** Whether recordings can be transcribed and how large one may be: the speech configuration's say. */
export interface AudioSettings {
  transcriptionAvailable: boolean;
  maxAudioBytes: number;
}

/** The first stage not yet approved; one past the last when all are. */
export function resumeStage(responses: readonly StoredMentorResponse[]): number {
  for (let stage = 1; stage <= MENTOR_INTERVIEW_STAGE_COUNT; stage++) {
    if (responses.find((response) => response.stage === stage)?.status !== 'submitted') return stage;
  }
  return MENTOR_INTERVIEW_STAGE_COUNT + 1;
}

export function interviewProfile({ mentor, responses }: Interview, audio: AudioSettings): MentorProfile {
  return { firstName: mentor.firstName, jobTitle: mentor.jobTitle, company: mentor.company ?? '', resumeStage: resumeStage(responses), ...audio, completed: mentor.status === 'submitted' };
}

export function responseView(response: StoredMentorResponse): MentorResponse {
  return {
    stage_id: response.stage,
    question: response.question,
    preamble: response.preamble,
    supporting_text: interviewStage(response.stage).supportingText,
    response_text: response.responseText,
    status: response.status,
    duration_ms: response.durationMs,
    has_audio: response.audioKey !== null,
    rejection_reason: response.rejectionReason,
    transcription_error: response.transcriptionError,
    different_questions_left: differentQuestionsLeft(response),
    updatedAt: response.updatedAt,
  };
}

/**
 * `POST .../generate-question`: the question of the stage after `previous_stage_id`, written now
 * (preloaded while the mentor moves on) or the stored one; a new one with `force_regenerate`.
 */
export async function nextQuestion(
  interview: Interview,
  body: { previous_stage_id: number; answer_text: string; force_regenerate?: boolean | undefined },
  deps: QuestionDeps,
  now: Date,
) {
  const stage = body.previous_stage_id + 1;
  const latest = { stage: body.previous_stage_id, text: body.answer_text };
  const existing = interview.responses.find((response) => response.stage === stage);
  const response = existing && body.force_regenerate ? await regenerateQuestion(interview, existing, deps, now, latest) : await ensureQuestion(interview, stage, deps, now, latest);
  return { question: response.question, preamble: response.preamble, supporting_text: interviewStage(stage).supportingText, stage_id: stage, source: response.questionSource };
}

const approveEmpty = () => new DomainError('invalid', ERROR_CODES.validation, 'Please record or write an answer before approving it.', 'response_text');

/** The status a saved text leaves: approved, still a transcription the mentor edited, a draft, or nothing yet. */
function textStatus(current: StoredMentorResponse, text: string): StoredMentorResponse['status'] {
  if (!text.trim()) return current.status === 'transcription_failed' ? current.status : 'asked';
  return current.status === 'transcribed' ? 'transcribed' : 'draft';
}

/**
 * `POST .../response/{stage}` as JSON: a text saved on blur (draft), an approval (submitted), or
 * a Different Question (rejected: the question moves into rejectedQuestions with the reason).
 * The question and preamble the client echoes are not taken: the server's own are the record.
 */
export async function saveTextAnswer(interview: Interview, stage: number, body: SaveMentorResponseBody, deps: QuestionDeps, now: Date): Promise<SaveMentorResponseResult> {
  await ensureQuestion(interview, stage, deps, now);
  const at = now.toISOString();
  const text = body.response_text;
  if (body.status === 'submitted' && !text.trim()) throw approveEmpty();
  const saved = await deps.updateMentorResponse(interview.mentor.id, stage, (current) => {
    if (body.status === 'rejected') {
      // A repeated rejection of the same question (a double click) records nothing new.
      if (current.status === 'rejected') return null;
      if (differentQuestionsLeft(current) === 0) throw differentQuestionLimit();
      const reason = body.rejection_reason?.trim() || null;
      const rejected = { question: current.question, preamble: current.preamble, reason, at };
      return { ...current, status: 'rejected', responseText: '', rejectionReason: reason, rejectedQuestions: [...current.rejectedQuestions, rejected], updatedAt: at };
    }
    // The browser's save-on-blur of the same text can land after the approval it raced: it must not reopen the answer.
    if (body.status === undefined && current.status === 'submitted' && current.responseText === text) return null;
    const status = body.status === 'submitted' ? 'submitted' : textStatus(current, text);
    if (current.responseText === text && current.status === status) return null;
    return { ...current, responseText: text, status, updatedAt: at };
  });
  if (!saved) throw new Error(`Mentor ${interview.mentor.id}'s answer ${stage} vanished while being saved`);
  return { success: true, response_text: saved.responseText, status: saved.status };
}
