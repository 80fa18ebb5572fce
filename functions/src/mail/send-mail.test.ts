import { parseAppConfig } from '@meld/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailer } from './send-mail.ts';

const message = { to: 'ada@example.com', subject: 'Reset your Meld password', text: 'Choose a new password: http://localhost/reset-password?token=t&userId=u', html: '' };

describe('mail while e-mail is off', () => {
  afterEach(() => {
    delete process.env.MELD_MAIL_TRANSPORT;
    vi.restoreAllMocks();
  });

  it('goes to the terminal of npm start (the one machine’s inbox), and counts as not sent', async () => {
    process.env.MELD_MAIL_TRANSPORT = 'console';
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await mailer(parseAppConfig({}))(message)).toBe(false);
    expect(print.mock.calls.flat().join('\n')).toContain('reset-password?token=t');
  });

  it('goes nowhere elsewhere, and not twice where the reply already carries the link', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await mailer(parseAppConfig({}))(message)).toBe(false);
    process.env.MELD_MAIL_TRANSPORT = 'console';
    expect(await mailer(parseAppConfig({ email: { returnLinks: true } }))(message)).toBe(false);
    expect(print).not.toHaveBeenCalled();
  });
});
