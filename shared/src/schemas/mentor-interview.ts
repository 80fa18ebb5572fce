import * as z from 'zod';
import { MENTOR_ACCESS_TOKEN_LENGTH } from '../constants.ts';
import { MENTOR_INTEREST_STATUSES } from './interest.ts';
import { MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_MESSAGES, MENTOR_INTERVIEW_STAGE_COUNT, MENTOR_RESPONSE_STATUSES } from '../mentor-interview-constants.ts';

export { INTERVIEW_OPEN_STATUSES, MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_MESSAGES, MENTOR_INTERVIEW_STAGE_COUNT, MENTOR_INTERVIEW_TIMING, MENTOR_RESPONSE_STATUSES } from '../mentor-interview-constants.ts';
export type { MentorResponseStatus } from '../mentor-interview-constants.ts';

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).max(max, { error: `${label} must be at most ${max} characters` });

export const mentorTokenParams = z.object({ token: z.string().length(MENTOR_ACCESS_TOKEN_LENGTH) });
export const mentorStageParams = mentorTokenParams.extend({
  stage: z
    .string()
    .regex(/^[1-6]$/, { error: MENTOR_INTERVIEW_MESSAGES.noSuchStage })
    .transform(Number),
});

/** `GET /api/mentor-interview/{token}`: who is being interviewed and where they left off. */
export const mentorProfileResponse = z.object({
  firstName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  /** The first stage not yet approved (1-6), so a returning mentor can pick up where they stopped; 7 when all six are. */
  resumeStage: z.int().min(1).max(MENTOR_INTERVIEW_STAGE_COUNT + 1),
  /** False when no speech engine is configured: the card offers text only and says why. */
  transcriptionAvailable: z.boolean(),
  /** The largest recording the server takes, in bytes. */
  maxAudioBytes: z.int().positive(),
  /** The mentor has submitted: the link now opens the thank-you with their summary, not the questions. */
  completed: z.boolean(),
});
export type MentorProfile = z.infer<typeof mentorProfileResponse>;

export const generateIntroResponse = z.object({ introduction: z.string(), source: z.enum(['model', 'default']) });

export const rejectedQuestionSchema = z.object({ question: z.string(), preamble: z.string(), reason: z.string().nullable(), at: z.string() });

/** `GET .../response/{stage}`: the stage's question and the mentor's answer so far. */
export const mentorResponseSchema = z.object({
  stage_id: z.int().min(1).max(MENTOR_INTERVIEW_STAGE_COUNT),
  question: z.string(),
  preamble: z.string(),
  /** The stage's fixed goal, said plainly, under the question. */
  supporting_text: z.string(),
  response_text: z.string(),
  status: z.enum(MENTOR_RESPONSE_STATUSES),
  duration_ms: z.int().min(0).nullable(),
  has_audio: z.boolean(),
  rejection_reason: z.string().nullable(),
  /** Why the last transcription failed, when it did. */
  transcription_error: z.string().nullable(),
  /** Different questions this stage may still ask for. */
  different_questions_left: z.int().min(0),
  updatedAt: z.string(),
});
export type MentorResponse = z.infer<typeof mentorResponseSchema>;

/** `POST .../response/{stage}` as JSON. question and preamble are accepted as the spec's client sends them; the server records its own. */
export const saveMentorResponseBody = z
  .object({
    response_text: text('response_text', MENTOR_INTERVIEW_LIMITS.answerMax).default(''),
    status: z.enum(['submitted', 'rejected'], { error: 'status must be submitted or rejected' }).optional(),
    rejection_reason: text('rejection_reason', MENTOR_INTERVIEW_LIMITS.rejectionReasonMax).optional(),
    question: text('question', MENTOR_INTERVIEW_LIMITS.questionMax).optional(),
    preamble: text('preamble', MENTOR_INTERVIEW_LIMITS.preambleMax).optional(),
  })
  .strict();
export type SaveMentorResponseBody = z.output<typeof saveMentorResponseBody>;

/** The answer to a save, a recording or a transcription retry. `success` is false when transcription failed (the audio is kept). */
export const saveMentorResponseResult = z.object({
  success: z.boolean(),
  response_text: z.string(),
  status: z.enum(MENTOR_RESPONSE_STATUSES),
  error: z.string().optional(),
});
export type SaveMentorResponseResult = z.infer<typeof saveMentorResponseResult>;

export const generateMentorQuestionBody = z
  .object({
    previous_stage_id: z.int({ error: 'previous_stage_id must be a whole number from 0 to 5' }).min(0).max(MENTOR_INTERVIEW_STAGE_COUNT - 1),
    answer_text: text('answer_text', MENTOR_INTERVIEW_LIMITS.answerMax).default(''),
    force_regenerate: z.boolean().optional(),
  })
  .strict();

export const generateMentorQuestionResponse = z.object({
  question: z.string(),
  preamble: z.string(),
  supporting_text: z.string(),
  stage_id: z.int().min(1).max(MENTOR_INTERVIEW_STAGE_COUNT),
  source: z.enum(['model', 'question-bank']),
});

export const generateInsightsResponse = z.object({ insights: z.string(), source: z.enum(['model', 'summary']) });

// ---- Admin (spec 002: mentor interest statuses, tokens, answers) ----

export const mentorInterestIdParams = z.object({ id: z.string().trim().min(1).max(100) });
export const updateMentorStatusBody = z.object({ status: z.enum(MENTOR_INTEREST_STATUSES, { error: `status must be one of ${MENTOR_INTEREST_STATUSES.join(', ')}` }) }).strict();

/** A mentor sign-up as admins see it. The token itself is never stored: only its first 8 characters. */
export const mentorInterestAdminSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string().optional(),
  email: z.string(),
  jobTitle: z.string(),
  company: z.string().optional(),
  industry: z.string().optional(),
  careerStage: z.string().optional(),
  status: z.enum(MENTOR_INTEREST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  accessTokenPrefix: z.string().nullable(),
  tokenCreatedAt: z.string().nullable(),
  answeredStages: z.int().min(0).max(MENTOR_INTERVIEW_STAGE_COUNT),
  insights: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The first sign-up with the same e-mail when this one repeats it (the public form never changes a record). */
  repeatOf: z.string().nullable(),
});
export type MentorInterestAdmin = z.infer<typeof mentorInterestAdminSchema>;
export const listMentorInterestResponse = z.array(mentorInterestAdminSchema);

/** Shown to the admin once: the token is stored hashed, so a lost link means a new token. */
export const generateMentorTokenResponse = z.object({ accessToken: z.string(), link: z.string(), accessTokenPrefix: z.string() });

export const mentorAnswerSchema = z.object({
  _id: z.string(),
  mentor_id: z.string(),
  mentor_name: z.string(),
  mentor_email: z.string(),
  mentor_jobTitle: z.string(),
  mentor_company: z.string(),
  status: z.enum(MENTOR_RESPONSE_STATUSES),
  stage_id: z.int().min(1).max(MENTOR_INTERVIEW_STAGE_COUNT),
  question: z.string(),
  preamble: z.string(),
  response_text: z.string(),
  duration_ms: z.int().min(0).nullable(),
  rejected_questions: z.array(rejectedQuestionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MentorAnswer = z.infer<typeof mentorAnswerSchema>;
export const mentorAnswersQuery = z.object({ mentorId: z.string().trim().min(1).max(100).optional() });
export const listMentorAnswersResponse = z.array(mentorAnswerSchema);
