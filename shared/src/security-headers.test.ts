import { describe, expect, it } from 'vitest';
import { framedOrigins, securityHeaders } from './security-headers.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

describe('the app’s content security policy', () => {
  it('frames only the app itself, plus the newsletter form the operator configured', () => {
    expect(directive(securityHeaders()['content-security-policy']!, 'frame-src')).toBe("frame-src 'self'");
    const origins = framedOrigins({ interface: { newsletterUrl: 'https://news.example.org/embed/form?list=7' } });
    expect(origins).toEqual(['https://news.example.org']);
    expect(directive(securityHeaders({ frameOrigins: origins })['content-security-policy']!, 'frame-src')).toBe("frame-src 'self' https://news.example.org");
    expect(framedOrigins({ interface: {} })).toEqual([]);
  });

  it('never lets a script run inline, and lets nothing frame the app', () => {
    const csp = securityHeaders({ frameOrigins: ['https://news.example.org'] })['content-security-policy']!;
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
