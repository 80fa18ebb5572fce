import { ERROR_CODES, MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_MESSAGES } from '@meld/shared';
import type { MentorRecord, StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { DomainError } from '../errors.ts';
import type { CoachModel } from '../reflection/coach.ts';
import type { Interview } from './access.ts';
import { parseQuestionReply } from './model-reply.ts';
import { questionPrompt, type AnsweredStage, type MentorProfileFacts } from './prompts.ts';
import { bankQuestion } from './stages.ts';

export interface CoachDeps {
  /** Undefined when no coach model is configured. */
  coach: CoachModel | undefined;
  /** A coach failure is logged and answered from the fallback. */
  onCoachError(error: unknown): void;
}

export interface QuestionDeps extends CoachDeps {
  createMentorResponse(response: StoredMentorResponse): Promise<boolean>;
  getMentorResponse(mentorId: string, stage: number): Promise<StoredMentorResponse | undefined>;
  updateMentorResponse(mentorId: string, stage: number, change: (current: StoredMentorResponse) => StoredMentorResponse | null): Promise<StoredMentorResponse | undefined>;
}

export interface WrittenQuestion {
  question: string;
  preamble: string;
  source: 'model' | 'question-bank';
}

export function profileFacts(mentor: MentorRecord): MentorProfileFacts {
  return { firstName: mentor.firstName, jobTitle: mentor.jobTitle, company: mentor.company, industry: mentor.industry, careerStage: mentor.careerStage };
}

/** The answers before `stage` that have text; `latest` (the answer the client just sent) stands in for its stage's stored one. */
export function answersBefore(responses: readonly StoredMentorResponse[], stage: number, latest?: { stage: number; text: string }): AnsweredStage[] {
  return responses
    .filter((response) => response.stage < stage && response.status !== 'rejected')
    .map((response) => ({ stage: response.stage, question: response.question, answer: latest?.stage === response.stage && latest.text.trim() ? latest.text : response.responseText }))
    .filter((answer) => answer.answer.trim() !== '');
}

/** The coach's question for the stage, or the bank's when there is no coach or its reply is unusable. */
export async function writeQuestion(stage: number, profile: MentorProfileFacts, answers: readonly AnsweredStage[], avoid: readonly string[], deps: CoachDeps): Promise<WrittenQuestion> {
  const bank = bankQuestion(stage, avoid, profile);
  if (deps.coach) {
    try {
      const parsed = parseQuestionReply(await deps.coach.complete(questionPrompt(stage, profile, answers, avoid)), avoid);
      if (parsed) return { question: parsed.question, preamble: parsed.preamble ?? bank.preamble, source: 'model' };
      deps.onCoachError(new Error('The coach model did not answer with a usable question'));
    } catch (error) {
      deps.onCoachError(error);
    }
  }
  return { ...bank, source: 'question-bank' };
}

export function newResponse(mentorId: string, stage: number, written: WrittenQuestion, at: string): StoredMentorResponse {
  return {
    mentorId,
    stage,
    question: written.question,
    preamble: written.preamble,
    questionSource: written.source,
    responseText: '',
    status: 'asked',
    durationMs: null,
    audioKey: null,
    audioMimeType: null,
    transcriptionJob: null,
    transcriptionError: null,
    rejectionReason: null,
    rejectedQuestions: [],
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The stage's question, written now if it has none: stage 1 from the profile, later ones from the
 * answers so far. Two requests racing to write it both end with the one that was stored first.
 */
export async function ensureQuestion(interview: Interview, stage: number, deps: QuestionDeps, now: Date, latest?: { stage: number; text: string }): Promise<StoredMentorResponse> {
  const existing = interview.responses.find((response) => response.stage === stage);
  if (existing) return existing;
  const { mentor } = interview;
  const written = await writeQuestion(stage, profileFacts(mentor), answersBefore(interview.responses, stage, latest), [], deps);
  const created = newResponse(mentor.id, stage, written, now.toISOString());
  if (await deps.createMentorResponse(created)) return created;
  const stored = await deps.getMentorResponse(mentor.id, stage);
  if (!stored) throw new Error(`Mentor ${mentor.id}'s question ${stage} was claimed but cannot be read`);
  return stored;
}

export function differentQuestionsLeft(response: StoredMentorResponse): number {
  return Math.max(0, MENTOR_INTERVIEW_LIMITS.differentQuestionsPerStage - response.rejectedQuestions.length);
}

export const differentQuestionLimit = () => new DomainError('conflict', ERROR_CODES.conflict, MENTOR_INTERVIEW_MESSAGES.differentQuestionLimit);

/**
 * Replaces the stage's question (Different Question). The client first saves the current one as
 * rejected, with the reason, which records it; a regeneration without that records it here, with
 * no reason. Either way a stage gets at most `differentQuestionsPerStage` new questions.
 */
export async function regenerateQuestion(interview: Interview, current: StoredMentorResponse, deps: QuestionDeps, now: Date, latest?: { stage: number; text: string }): Promise<StoredMentorResponse> {
  const alreadyRecorded = current.status === 'rejected';
  if (!alreadyRecorded && differentQuestionsLeft(current) === 0) throw differentQuestionLimit();
  const avoid = [...current.rejectedQuestions.map((rejected) => rejected.question), current.question];
  const { mentor } = interview;
  const written = await writeQuestion(current.stage, profileFacts(mentor), answersBefore(interview.responses, current.stage, latest), avoid, deps);
  const at = now.toISOString();
  const updated = await deps.updateMentorResponse(mentor.id, current.stage, (latestItem) => {
    // Someone else changed the stage meanwhile (another tab regenerated it): theirs stands.
    if (latestItem.updatedAt !== current.updatedAt) return null;
    const rejectedQuestions = alreadyRecorded ? latestItem.rejectedQuestions : [...latestItem.rejectedQuestions, { question: latestItem.question, preamble: latestItem.preamble, reason: null, at }];
    // A new question starts with a clean answer: a recording made for the old one (say, one whose
    // transcription failed) no longer belongs to it. Its object stays under the mentor's prefix.
    const cleanAnswer = { responseText: '', durationMs: null, audioKey: null, audioMimeType: null, transcriptionJob: null, transcriptionError: null };
    return { ...latestItem, ...cleanAnswer, question: written.question, preamble: written.preamble, questionSource: written.source, status: 'asked', rejectionReason: null, rejectedQuestions, updatedAt: at };
  });
  if (!updated) throw new Error(`Mentor ${mentor.id}'s question ${current.stage} vanished while being replaced`);
  return updated;
}
