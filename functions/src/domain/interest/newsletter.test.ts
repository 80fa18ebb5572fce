import { describe, expect, it, vi } from 'vitest';
import { confirmNewsletterSignup } from './interest.ts';

const now = new Date('2026-11-29T10:00:00Z');

describe('confirming a newsletter sign-up', () => {
  it('marks the sign-up when a newsletter is configured, and 404s an unknown id', async () => {
    const markNewsletterSignup = vi.fn(async (id: string) => id === 'known');
    await confirmNewsletterSignup('known', { newsletterConfigured: true, markNewsletterSignup, now });
    expect(markNewsletterSignup).toHaveBeenCalledWith('known', now.toISOString());
    await expect(confirmNewsletterSignup('unknown', { newsletterConfigured: true, markNewsletterSignup, now })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('refuses without a newsletter, marking nothing: the admin never sees "Subscribed" for a step that was not there', async () => {
    const markNewsletterSignup = vi.fn(async () => true);
    await expect(confirmNewsletterSignup('known', { newsletterConfigured: false, markNewsletterSignup, now })).rejects.toMatchObject({ kind: 'conflict', message: 'There is no newsletter to sign up to.' });
    expect(markNewsletterSignup).not.toHaveBeenCalled();
  });
});
