import type { AccessCode, UserInterestAdmin } from '@meld/shared';

export function signup(overrides: Partial<UserInterestAdmin> & Pick<UserInterestAdmin, '_id' | 'name'>): UserInterestAdmin {
  return {
    email: `${overrides._id}@example.com`,
    currentSituation: 'Taking a break',
    referralSource: 'A friend',
    motivation: 'A steadier rhythm.',
    newsletterSubscription: false,
    newsletterSignedUpAt: null,
    createdAt: '2026-11-10T09:00:00.000Z',
    repeatOf: null,
    ...overrides,
  };
}

export const longMotivation = `${'I want a clearer sense of direction after years of saying yes to everything that came my way. '.repeat(2)}The end.`;

export const sampleSignups: UserInterestAdmin[] = [
  signup({
    _id: 's1',
    name: 'Ines Duarte',
    currentSituation: 'In college',
    currentSchool: 'Lisbon University',
    studyingField: 'Design',
    graduationYear: '2027',
    openToStudentMentorship: true,
    referralSource: 'Other',
    referralSourceOther: 'A podcast',
    motivation: longMotivation,
    createdAt: '2026-11-12T09:00:00.000Z',
  }),
  signup({
    _id: 's2',
    name: 'Jon Park',
    currentSituation: 'Currently working',
    jobTitle: 'Nurse',
    company: 'City Hospital',
    workCity: 'Leeds',
    openToMentoring: false,
    newsletterSubscription: true,
    newsletterSignedUpAt: '2026-11-11T10:00:00.000Z',
    createdAt: '2026-11-11T09:00:00.000Z',
  }),
];

export function accessCode(overrides: Partial<AccessCode> & Pick<AccessCode, 'code'>): AccessCode {
  return { status: 'active', uses: 0, maxUses: null, expiresAt: null, createdAt: '2026-11-01T09:00:00.000Z', revokedAt: null, ...overrides };
}

export const sampleCodes: AccessCode[] = [
  accessCode({ code: 'PILOT-SPRING', uses: 3, maxUses: 10, expiresAt: '2026-12-31T23:00:00.000Z', createdAt: '2026-11-05T09:00:00.000Z' }),
  accessCode({ code: 'PILOT-OPEN', uses: 12 }),
  accessCode({ code: 'PILOT-OLD', status: 'revoked', uses: 2, revokedAt: '2026-11-03T09:00:00.000Z', createdAt: '2026-10-01T09:00:00.000Z' }),
  accessCode({ code: 'PILOT-FULL', status: 'used up', uses: 5, maxUses: 5, createdAt: '2026-10-02T09:00:00.000Z' }),
];
