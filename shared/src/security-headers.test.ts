import { describe, expect, it } from 'vitest';
import { artifactFrameHeaders, framedOrigins, securityHeaders } from './security-headers.ts';

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

describe('the permissions policy', () => {
  // Names Chromium lists in document.featurePolicy.features(); any other logs "Unrecognized feature" on every page.
  const KNOWN_TO_CHROMIUM = new Set(['microphone', 'camera', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']);
  const features = (header: string) => header.split(', ').map((part) => part.split('=')[0]);

  it('names only features browsers recognise, on the app and on the artifact frame', () => {
    for (const headers of [securityHeaders(), artifactFrameHeaders()]) {
      const named = features(headers['permissions-policy']!);
      expect(named.filter((feature) => !KNOWN_TO_CHROMIUM.has(feature!))).toEqual([]);
      expect(named).toContain('camera');
    }
  });

  it('lets the app, and only the app, use the microphone', () => {
    expect(securityHeaders()['permissions-policy']).toMatch(/^microphone=\(self\), /);
    expect(artifactFrameHeaders()['permissions-policy']).toMatch(/^microphone=\(\), /);
  });
});
