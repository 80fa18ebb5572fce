// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).
import type { MENTOR_INTEREST_STATUSES } from './interest-constants.ts';

/**
 * The mentor interview (spec 001 sections 2-9, issue 7) and the admin's view of it (spec 002).
 * Invited mentors have no account: the 64-character token in their link names them, and the
 * route table's `mentor-token` auth level refuses any other shape before a handler runs.
 */

export const MENTOR_INTERVIEW_STAGE_COUNT = 6;

/**
 * One stage's answer as it moves along:
 * - asked: the question is written, nothing answered yet;
 * - draft: text saved on blur, not yet approved;
 * - transcribing: audio stored, the speech engine is working on it;
 * - transcribed: the engine's text is in response_text (the mentor may still edit it);
 * - transcription_failed: the audio is kept and the transcription can be retried;
 * - submitted: approved by the mentor;
 * - rejected: the mentor asked for a different question (the question is kept in rejected_questions).
 */
export const MENTOR_RESPONSE_STATUSES = ['asked', 'draft', 'transcribing', 'transcribed', 'transcription_failed', 'submitted', 'rejected'] as const;
export type MentorResponseStatus = (typeof MENTOR_RESPONSE_STATUSES)[number];

/** Mentor statuses in which the link still opens the interview; the others answer 403. */
export const INTERVIEW_OPEN_STATUSES = ['pending', 'interview started'] as const satisfies readonly (typeof MENTOR_INTEREST_STATUSES)[number][];

export const MENTOR_INTERVIEW_LIMITS = {
  answerMax: 10_000,
  questionMax: 600,
  preambleMax: 1_500,
  rejectionReasonMax: 500,
  /** "Different Question" asks per stage: each one is a model call, and six hard questions are the point. */
  differentQuestionsPerStage: 3,
  /** Longest recording the browser offers (the server's byte limit is the app config's). */
  recordingMaxMs: 10 * 60_000,
} as const;

/** The spec's client-side timings (section 9). */
export const MENTOR_INTERVIEW_TIMING = {
  pollMs: 2_000,
  maxWaitMs: 15_000,
  reviewLinkAfterMs: 8_000,
  statusTextAtMs: [5_000, 10_000],
  recorderChunkMs: 1_000,
  sampleRate: 44_100,
} as const;

export const MENTOR_INTERVIEW_MESSAGES = {
  expired: 'This interview link has expired or is no longer valid. Please contact MELD for a new invitation.',
  closed: 'Access denied. This interview may have already been completed or the link has expired.',
  noSuchStage: 'The interview has six questions, numbered 1 to 6.',
  differentQuestionLimit: `You can ask for a different question ${MENTOR_INTERVIEW_LIMITS.differentQuestionsPerStage} times per step. Please answer this one, in your own words.`,
  notFinished: 'Please answer all six questions before finishing the interview.',
  transcriptionUnavailable: 'Transcription is not available right now. Please write your answer instead.',
} as const;
