import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { useSesMock } from '../../mail/ses-test-kit.ts';
import { MAIL_REPLY_FLOOR_MS } from '../../mail/steady-reply.ts';
import { registerMember, useApi } from '../api-test-kit.ts';

const roomy = { max: 1000, windowMinutes: 60 };

// Issue 21, second audit: with mail on, only a real (or unverified) account is mailed, so the SES
// call's time told a stranger whether an address has an account (118 ms against 41 ms).
describe('reset and resend answer after the same time for every address while mail is on', () => {
  const ses = useSesMock();
  const api = useApi({
    config: {
      serverDomain: 'https://meld.example',
      email: { enabled: true, from: 'no-reply@meld.example' },
      rateLimits: { passwordReset: roomy, passwordResetPerEmail: roomy, verifyEmail: roomy, verifyEmailPerEmail: roomy, register: roomy },
    },
  });

  /** How long the request took, with SES taking 300 ms for the mail a real account gets. */
  async function timed(path: string, email: string): Promise<{ ms: number; status: number }> {
    ses.on(SendEmailCommand).callsFake(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { MessageId: 'sent' };
    });
    const started = performance.now();
    const response = await api().client().request('POST', path, { json: { email } });
    return { ms: performance.now() - started, status: response.status };
  }

  it('takes the floor for an unknown address as for a real one, so the time says nothing', async () => {
    const { body } = await registerMember(api().client());
    for (const path of ['/api/auth/requestPasswordReset', '/api/user/verify/resend']) {
      const mailed = ses.commandCalls(SendEmailCommand).length;
      const real = await timed(path, body.email);
      expect(ses.commandCalls(SendEmailCommand).length, path).toBe(mailed + 1);
      const unknown = await timed(path, `nobody.${Date.now()}@example.com`);
      expect(ses.commandCalls(SendEmailCommand).length, path).toBe(mailed + 1);
      expect(unknown.status).toBe(real.status);
      // Lower bounds only: both answers wait for the same floor, which the mail fits inside.
      expect(real.ms).toBeGreaterThanOrEqual(MAIL_REPLY_FLOOR_MS - 5);
      expect(unknown.ms).toBeGreaterThanOrEqual(MAIL_REPLY_FLOOR_MS - 5);
    }
  });
});
