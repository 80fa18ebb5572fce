import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationMail } from './templates.ts';

describe('mail templates', () => {
  it('writes the reset mail in plain words with the app title, the lifetime and the link in both parts', () => {
    const link = 'https://meld.example/reset-password?token=abc&userId=u1';
    const mail = passwordResetMail({ to: 'ada@example.com', name: 'Ada', appTitle: 'Meld Pilot', link, minutes: 30 });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Reset your Meld Pilot password');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('for 30 minutes');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="https://meld.example/reset-password?token=abc&amp;userId=u1"');
  });

  it('escapes what the member typed, so a name cannot inject markup into the HTML part', () => {
    const mail = verificationMail({ to: 'x@example.com', name: '<img src=x onerror=alert(1)>', appTitle: 'Meld', link: 'https://meld.example/verify?token=t&email=x%40example.com', hours: 24 });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).toBe('Confirm your e-mail for Meld');
    expect(mail.text).toContain('for 24 hours');
  });
});
