import { ERROR_CODES, type MentorAnswer, type MentorInterestAdmin, type MentorInterestStatus } from '@meld/shared';
import type { MentorRecord, StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { DomainError } from '../errors.ts';
import { repeatsOf } from '../interest/repeats.ts';
import { ACCESS_TOKEN_PREFIX_LENGTH, hashAccessToken, newAccessToken, type Interview } from './access.ts';

/** The admin's side of the interview (spec 002): sign-ups, statuses, tokens and answers. */

export interface MentorAdminDeps {
  listMentorRecords(): Promise<MentorRecord[]>;
  listMentorResponses(mentorId?: string): Promise<StoredMentorResponse[]>;
  getMentorInterview(mentorId: string): Promise<Interview | undefined>;
  updateMentorRecord(mentorId: string, change: Partial<MentorRecord> & { updatedAt: string }): Promise<MentorRecord | undefined>;
  replaceMentorToken(mentorId: string, token: { hash: string; prefix: string }, at: string): Promise<MentorRecord | undefined>;
}

const noSuchMentor = () => new DomainError('not-found', ERROR_CODES.notFound, 'No mentor sign-up has this id.');

const approved = (responses: readonly StoredMentorResponse[]) => responses.filter((response) => response.status === 'submitted').length;

/** The fields admins see, named one by one: the token hash and the cached introduction stay on the server. */
export function adminView(mentor: MentorRecord, responses: readonly StoredMentorResponse[], repeatOf: string | null): MentorInterestAdmin {
  return {
    _id: mentor.id,
    firstName: mentor.firstName,
    ...(mentor.lastName === undefined ? {} : { lastName: mentor.lastName }),
    email: mentor.email,
    jobTitle: mentor.jobTitle,
    ...(mentor.company === undefined ? {} : { company: mentor.company }),
    ...(mentor.industry === undefined ? {} : { industry: mentor.industry }),
    ...(mentor.careerStage === undefined ? {} : { careerStage: mentor.careerStage }),
    status: mentor.status,
    createdAt: mentor.createdAt,
    updatedAt: mentor.updatedAt,
    accessTokenPrefix: mentor.accessTokenPrefix ?? null,
    tokenCreatedAt: mentor.tokenCreatedAt ?? null,
    answeredStages: approved(responses),
    insights: mentor.insights ?? null,
    completedAt: mentor.completedAt ?? null,
    repeatOf,
  };
}

function byMentor(responses: readonly StoredMentorResponse[]): Map<string, StoredMentorResponse[]> {
  const grouped = new Map<string, StoredMentorResponse[]>();
  for (const response of responses) grouped.set(response.mentorId, [...(grouped.get(response.mentorId) ?? []), response]);
  return grouped;
}

/** Every mentor sign-up with its interview's progress, a repeat e-mail marked with its first sign-up, from two queries. */
export async function listMentors(deps: Pick<MentorAdminDeps, 'listMentorRecords' | 'listMentorResponses'>): Promise<MentorInterestAdmin[]> {
  const [mentors, responses] = await Promise.all([deps.listMentorRecords(), deps.listMentorResponses()]);
  const grouped = byMentor(responses);
  const repeats = repeatsOf(mentors);
  return mentors.map((mentor) => adminView(mentor, grouped.get(mentor.id) ?? [], repeats.get(mentor.id) ?? null));
}

function answerView(mentor: MentorRecord, response: StoredMentorResponse): MentorAnswer {
  return {
    _id: `${mentor.id}-${response.stage}`,
    mentor_id: mentor.id,
    mentor_name: [mentor.firstName, mentor.lastName].filter(Boolean).join(' '),
    mentor_email: mentor.email,
    mentor_jobTitle: mentor.jobTitle,
    mentor_company: mentor.company ?? '',
    status: response.status,
    stage_id: response.stage,
    question: response.question,
    preamble: response.preamble,
    response_text: response.responseText,
    duration_ms: response.durationMs,
    rejected_questions: response.rejectedQuestions,
    createdAt: response.createdAt,
    updatedAt: response.updatedAt,
  };
}

/** Every mentor's answers, or one mentor's (an unknown id has none). */
export async function listAnswers(mentorId: string | undefined, deps: Pick<MentorAdminDeps, 'listMentorRecords' | 'listMentorResponses' | 'getMentorInterview'>): Promise<MentorAnswer[]> {
  if (mentorId) {
    const interview = await deps.getMentorInterview(mentorId);
    return interview ? interview.responses.map((response) => answerView(interview.mentor, response)) : [];
  }
  const [mentors, responses] = await Promise.all([deps.listMentorRecords(), deps.listMentorResponses()]);
  const named = new Map(mentors.map((mentor) => [mentor.id, mentor]));
  return responses.flatMap((response) => {
    const mentor = named.get(response.mentorId);
    return mentor ? [answerView(mentor, response)] : [];
  });
}

export async function setMentorStatus(mentorId: string, status: MentorInterestStatus, deps: Pick<MentorAdminDeps, 'updateMentorRecord' | 'listMentorResponses' | 'listMentorRecords'>, now: Date): Promise<MentorInterestAdmin> {
  const updated = await deps.updateMentorRecord(mentorId, { status, updatedAt: now.toISOString() });
  if (!updated) throw noSuchMentor();
  const [responses, mentors] = await Promise.all([deps.listMentorResponses(mentorId), deps.listMentorRecords()]);
  return adminView(updated, responses, repeatsOf(mentors).get(mentorId) ?? null);
}

/**
 * A new interview link for the mentor, retiring the previous one. The token is returned here and
 * nowhere else: only its hash and first characters are kept (decision 0012).
 */
export async function issueMentorToken(mentorId: string, deps: Pick<MentorAdminDeps, 'replaceMentorToken'>, now: Date): Promise<{ accessToken: string; link: string; accessTokenPrefix: string }> {
  const accessToken = newAccessToken();
  const accessTokenPrefix = accessToken.slice(0, ACCESS_TOKEN_PREFIX_LENGTH);
  const updated = await deps.replaceMentorToken(mentorId, { hash: hashAccessToken(accessToken), prefix: accessTokenPrefix }, now.toISOString());
  if (!updated) throw noSuchMentor();
  return { accessToken, link: `/mentor-interview/${accessToken}/start`, accessTokenPrefix };
}
