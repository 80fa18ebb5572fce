import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './app-config.ts';

const mailing = { serverDomain: 'https://meld.example', email: { enabled: true, from: 'Meld <no-reply@meld.example>' } };

describe('app config: e-mail', () => {
  it('sends no mail, returns no links and requires no verification when nothing is said', () => {
    expect(parseAppConfig({}).email).toEqual({ enabled: false, from: '', region: '', requireVerification: false, returnLinks: false });
  });

  it('takes a sender as an address or a named address, with a server domain for the links', () => {
    expect(parseAppConfig(mailing).email).toMatchObject({ enabled: true, from: 'Meld <no-reply@meld.example>' });
    expect(parseAppConfig({ ...mailing, email: { enabled: true, from: 'no-reply@meld.example', region: 'eu-west-2' } }).email.region).toBe('eu-west-2');
  });

  it('refuses mail without a sender or without the server domain its links point to', () => {
    expect(() => parseAppConfig({ ...mailing, email: { enabled: true } })).toThrow(/email\.from: Sending e-mail needs a from address/);
    expect(() => parseAppConfig({ email: mailing.email })).toThrow(/serverDomain: Sending e-mail needs the serverDomain/);
  });

  it('never returns links in replies while mail is sent', () => {
    expect(() => parseAppConfig({ ...mailing, email: { ...mailing.email, returnLinks: true } })).toThrow(/email\.returnLinks: Links are never returned/);
    expect(parseAppConfig({ email: { returnLinks: true, requireVerification: true } }).email).toMatchObject({ returnLinks: true, requireVerification: true });
  });
});
