import { describe, expect, it } from 'vitest';
import { framePolicy, htmlDocument, reactDocument, svgDocument } from './frame-document.ts';

describe('the preview frame documents', () => {
  it('allow scripts only inline or from the app, and no network, fonts or images but inline ones', () => {
    expect(framePolicy('https://meld.example')).toBe(
      "default-src 'none'; script-src 'unsafe-inline' https://meld.example; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'",
    );
  });

  it('put the policy before anything the artifact wrote, even its own doctype and head', () => {
    const doc = htmlDocument('https://meld.example', '<!doctype html><html><head><script>fetch("https://example.com")</script></head></html>');
    expect(doc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script>'));
    expect(svgDocument('https://meld.example', '<svg></svg>').startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
  });

  it('load the React runtime from the app and keep a component from closing its own script element', () => {
    const doc = reactDocument('https://meld.example', 'https://meld.example/assets/runtime.js', 'const s = "</script><script>alert(1)</script>";');
    expect(doc).toContain('<script src="https://meld.example/assets/runtime.js"></script>');
    expect(doc).toContain('const s = "<\\/script><script>alert(1)<\\/script>";');
    expect(doc.match(/<\/script>/g)).toHaveLength(2);
  });
});
