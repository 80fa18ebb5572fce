import type { MentorAnswer, MentorInterestAdmin, PublicUser } from '@meld/shared';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as MePage } from '../routes/me-route.tsx';
import { usersResponse } from './users-test-kit.ts';

export const adminUser: PublicUser = { ...testUser, id: 'admin-1', name: 'Grace Hopper', email: 'grace@example.com', role: 'ADMIN' };

export function mentor(overrides: Partial<MentorInterestAdmin> & Pick<MentorInterestAdmin, '_id' | 'firstName'>): MentorInterestAdmin {
  return {
    lastName: 'Okafor',
    email: `${overrides._id}@example.com`,
    jobTitle: 'Engineering Manager',
    company: 'Northwind',
    industry: 'Technology',
    careerStage: 'Mid-career (5-15 years)',
    status: 'pending',
    createdAt: '2026-11-02T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    accessTokenPrefix: null,
    tokenCreatedAt: null,
    answeredStages: 0,
    insights: null,
    completedAt: null,
    repeatOf: null,
    ...overrides,
  };
}

export const sampleMentors: MentorInterestAdmin[] = [
  mentor({ _id: 'm1', firstName: 'Amara' }),
  mentor({ _id: 'm2', firstName: 'Bruno', lastName: 'Silva', status: 'interview started', accessTokenPrefix: 'Ab3dE5gH', tokenCreatedAt: '2026-11-03T10:00:00.000Z', updatedAt: '2026-11-04T08:00:00.000Z', answeredStages: 2 }),
  mentor({
    _id: 'm3',
    firstName: 'Chen',
    lastName: 'Wei',
    status: 'submitted',
    accessTokenPrefix: 'Zz9yX8wV',
    answeredStages: 6,
    insights: 'Chen keeps coming back to one idea: "ship small, learn fast".',
    completedAt: '2026-11-05T18:00:00.000Z',
  }),
  mentor({ _id: 'm4', firstName: 'Dana', status: 'rejected' }),
];

export function answer(stage: number, overrides: Partial<MentorAnswer> = {}): MentorAnswer {
  return {
    _id: `m3#${stage}`,
    mentor_id: 'm3',
    mentor_name: 'Chen Wei',
    mentor_email: 'm3@example.com',
    mentor_jobTitle: 'Engineering Manager',
    mentor_company: 'Northwind',
    status: 'submitted',
    stage_id: stage,
    question: `What shaped you at step ${stage}?`,
    preamble: `Preamble ${stage}.`,
    response_text: `Answer number ${stage}.`,
    duration_ms: null,
    rejected_questions: [],
    createdAt: '2026-11-05T10:00:00.000Z',
    updatedAt: `2026-11-05T1${stage}:00:00.000Z`,
    ...overrides,
  };
}

export const sixAnswers: MentorAnswer[] = [1, 2, 3, 4, 5, 6].map((stage) => answer(stage));

export function mockAdmin(routes: ApiMocks = {}) {
  return mockApi({
    listUsers: usersResponse,
    listMentorInterest: () => sampleMentors,
    listMentorAnswers: () => sixAnswers,
    ...routes,
  });
}

export function renderMe(user: PublicUser = adminUser, path = '/me') {
  setSession('tok', user, { broadcast: false });
  return renderRoutes([{ path: '/me', element: <MePage /> }], path);
}

export function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}
