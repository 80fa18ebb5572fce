import type { MailMessage } from './send-mail.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface MailParts {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; href: string };
  closing: string;
}

/** Plain text and a simple HTML version with the same words; the link also appears written out. */
function compose({ to, subject, greeting, paragraphs, action, closing }: MailParts): MailMessage {
  const text = [greeting, ...paragraphs, `${action.label}: ${action.href}`, closing].join('\n\n');
  const html = [
    '<div style="font-family:Georgia,serif;font-size:16px;line-height:1.6;color:#2b2522;max-width:520px">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#b4532a;color:#fff;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:13px;color:#6b625c">${escapeHtml(action.href)}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '</div>',
  ].join('');
  return { to, subject, text, html };
}

export function passwordResetMail(input: { to: string; name: string; appTitle: string; link: string; minutes: number }): MailMessage {
  return compose({
    to: input.to,
    subject: `Reset your ${input.appTitle} password`,
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `Someone asked to reset the password of your ${input.appTitle} account. If it was you, choose a new password with the link below. It works once and for ${input.minutes} minutes.`,
      'If you did not ask, you can ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', href: input.link },
    closing: `The ${input.appTitle} team`,
  });
}

export function verificationMail(input: { to: string; name: string; appTitle: string; link: string; hours: number }): MailMessage {
  return compose({
    to: input.to,
    subject: `Confirm your e-mail for ${input.appTitle}`,
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `Please confirm that this is your e-mail address, so you can sign in to ${input.appTitle}. The link works once and for ${input.hours} hours.`,
      'If you did not create an account, you can ignore this e-mail.',
    ],
    action: { label: 'Confirm my e-mail', href: input.link },
    closing: `The ${input.appTitle} team`,
  });
}

/** To the owner of an address someone tried to register again: a way back in, and nothing for the one who tried. */
export function registrationAttemptMail(input: { to: string; name: string; appTitle: string; signInLink: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Someone tried to sign up for ${input.appTitle} with your e-mail`,
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `Someone just tried to create a ${input.appTitle} account with this e-mail address, which already has one. Nothing about your account has changed.`,
      'If it was you, sign in instead; if you forgot your password, reset it from the sign-in page. If it was not you, you can ignore this e-mail.',
    ],
    action: { label: 'Sign in', href: input.signInLink },
    closing: `The ${input.appTitle} team`,
  });
}
