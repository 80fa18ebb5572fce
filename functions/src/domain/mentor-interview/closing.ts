import { ERROR_CODES, MENTOR_INTERVIEW_MESSAGES, MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';
import type { MentorRecord } from '../../store/mentor-interview-store.ts';
import { DomainError } from '../errors.ts';
import { clip } from '../reflection/prompts.ts';
import type { Interview } from './access.ts';
import { parseInsightsReply, parseIntroReply } from './model-reply.ts';
import { insightsPrompt, introPrompt, type AnsweredStage } from './prompts.ts';
import { profileFacts, type CoachDeps } from './questions.ts';
import { describeRole, interviewStage } from './stages.ts';

/** The interview's opening and closing texts: the welcome introduction and the insights. */

export interface RecordDeps {
  updateMentorRecord(mentorId: string, change: Partial<MentorRecord> & { updatedAt: string }): Promise<MentorRecord | undefined>;
}

export function defaultIntroduction(mentor: MentorRecord, voice: boolean): string {
  return (
    `Thank you for volunteering to mentor with MELD. We would love to hear about ${describeRole(mentor)}: the moments, decisions and people that shaped it. ` +
    `There are ${MENTOR_INTERVIEW_STAGE_COUNT} questions. Answer each one ${voice ? 'by voice or in writing' : 'in writing'}, at your own pace; every answer is saved as you go, so you can stop and come back with this same link.`
  );
}

/**
 * The welcome page's introduction: the model's, written once and kept on the record; the
 * default one when there is no model or its reply is unusable (not kept, so a later visit may
 * still be personalised). It offers voice answers only when `voice` (a speech engine transcribes
 * recordings); a kept introduction written for the other case is written again.
 */
export async function introduction(interview: Interview, deps: CoachDeps & RecordDeps, now: Date, voice: boolean): Promise<{ introduction: string; source: 'model' | 'default' }> {
  const { mentor } = interview;
  // Introductions kept before this flag existed were all written offering voice.
  if (mentor.introduction && (mentor.introductionVoice ?? true) === voice) return { introduction: mentor.introduction, source: mentor.introductionSource ?? 'model' };
  if (deps.coach) {
    try {
      const written = parseIntroReply(await deps.coach.complete(introPrompt(profileFacts(mentor), voice)));
      if (written) {
        await deps.updateMentorRecord(mentor.id, { introduction: written, introductionSource: 'model', introductionVoice: voice, updatedAt: now.toISOString() });
        return { introduction: written, source: 'model' };
      }
      deps.onCoachError(new Error('The coach model did not answer with a usable introduction'));
    } catch (error) {
      deps.onCoachError(error);
    }
  }
  return { introduction: defaultIntroduction(mentor, voice), source: 'default' };
}

/** The stored insights of a finished interview, so its complete page survives a reload. */
export function finishedInsights({ mentor }: Interview): { insights: string; source: 'model' | 'summary' } | undefined {
  return mentor.status === 'submitted' && mentor.insights ? { insights: mentor.insights, source: mentor.insightsSource ?? 'summary' } : undefined;
}

/** The first sentence or two of an answer, as the mentor wrote it. */
function excerpt(answer: string): string {
  const flat = answer.replace(/\s+/g, ' ').trim();
  const sentences = flat.match(/[^.!?]+[.!?]+/g) ?? [flat];
  let taken = '';
  for (const sentence of sentences) {
    if (taken && taken.length + sentence.length > 280) break;
    taken += sentence;
  }
  return clip(taken.trim() || flat, 280);
}

/** The insights without a model: each answer's opening, quoted, under its stage's theme. */
export function summaryInsights(firstName: string, answers: readonly AnsweredStage[]): string {
  const quoted = answers.map((answer) => `${interviewStage(answer.stage).summaryLead}: “${excerpt(answer.answer)}”`);
  return [
    `Thank you, ${firstName}. Here is what you shared, in your own words.`,
    ...quoted,
    'These answers stay with your interview, so we can introduce you to the people who will learn most from your experience.',
  ].join('\n\n');
}

/**
 * `POST .../generate-insights`: needs all six answers approved; the model's insights (quoting
 * the mentor) or the summary of their own words; stored on the record, closing the interview.
 */
export async function finishInterview(interview: Interview, deps: CoachDeps & RecordDeps, now: Date): Promise<{ insights: string; source: 'model' | 'summary' }> {
  const { mentor, responses } = interview;
  const answers: AnsweredStage[] = [];
  for (let stage = 1; stage <= MENTOR_INTERVIEW_STAGE_COUNT; stage++) {
    const response = responses.find((candidate) => candidate.stage === stage);
    if (response?.status !== 'submitted' || !response.responseText.trim()) throw new DomainError('conflict', ERROR_CODES.conflict, MENTOR_INTERVIEW_MESSAGES.notFinished);
    answers.push({ stage, question: response.question, answer: response.responseText });
  }
  let result: { insights: string; source: 'model' | 'summary' } | undefined;
  if (deps.coach) {
    try {
      const written = parseInsightsReply(await deps.coach.complete(insightsPrompt(profileFacts(mentor), answers)));
      if (written) result = { insights: written, source: 'model' };
      else deps.onCoachError(new Error('The coach model did not answer with usable insights'));
    } catch (error) {
      deps.onCoachError(error);
    }
  }
  result ??= { insights: summaryInsights(mentor.firstName, answers), source: 'summary' };
  const at = now.toISOString();
  await deps.updateMentorRecord(mentor.id, { insights: result.insights, insightsSource: result.source, status: 'submitted', completedAt: at, updatedAt: at });
  return result;
}
