import { ADMIN_MESSAGES } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { deleteMentor, deleteUserInterest, userInterestAdminView } from './interest.ts';

describe('the admin’s view of the interest forms', () => {
  it('shows a sign-up’s newsletter step as its subscription, and only the answers the visitor gave', () => {
    const view = userInterestAdminView({
      id: 'signup-1',
      name: 'Ada',
      email: 'ada@example.com',
      currentSituation: 'Taking a break',
      currentFocus: 'Poetry',
      referralSource: 'A friend',
      motivation: 'Direction',
      newsletterSignedUp: true,
      newsletterSignedUpAt: '2026-05-01T00:00:00.000Z',
      createdAt: '2026-04-30T00:00:00.000Z',
    });
    expect(view).toEqual({
      _id: 'signup-1',
      name: 'Ada',
      email: 'ada@example.com',
      currentSituation: 'Taking a break',
      currentFocus: 'Poetry',
      referralSource: 'A friend',
      motivation: 'Direction',
      newsletterSubscription: true,
      newsletterSignedUpAt: '2026-05-01T00:00:00.000Z',
      createdAt: '2026-04-30T00:00:00.000Z',
      repeatOf: null,
    });
  });

  it('answers a deletion of nothing with the panel’s not-found texts', async () => {
    await expect(deleteUserInterest('gone', { deleteUserInterest: async () => false })).rejects.toMatchObject({ kind: 'not-found', message: ADMIN_MESSAGES.signupNotFound });
    await expect(deleteMentor('gone', { deleteMentorInterview: async () => false })).rejects.toMatchObject({ kind: 'not-found', message: ADMIN_MESSAGES.mentorNotFound });
    await expect(deleteMentor('here', { deleteMentorInterview: async () => true })).resolves.toEqual({ ok: true });
  });
});
