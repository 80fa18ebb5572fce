import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { framePolicy, htmlDocument, reactDocument, svgDocument, WEBRTC_GUARD } from './frame-document.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('base64');
const policyOf = (doc: string) => /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(doc)![1]!.replace(/&#39;|&apos;/g, "'");

describe('the preview frame documents', () => {
  it('allow scripts only from the app or inline with a listed hash, and no network, fonts or images but inline ones', () => {
    expect(framePolicy('https://meld.example', ['abc='])).toBe(
      "default-src 'none'; script-src 'sha256-abc=' 'unsafe-hashes' https://meld.example; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'",
    );
    expect(framePolicy('https://meld.example', [])).toContain("script-src https://meld.example;");
  });

  it('put the policy before anything the artifact wrote, even its own doctype and head', async () => {
    const doc = await htmlDocument('https://meld.example', '<!doctype html><html><head><script>fetch("https://example.com")</script></head></html>');
    expect(doc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script>'));
    expect((await svgDocument('https://meld.example', '<svg></svg>')).startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
  });

  it('open every inline script and handler with the WebRTC guard and let only those exact texts run', async () => {
    const doc = await htmlDocument('https://meld.example', '<button onclick="go()">Go</button><script>function go() {}</script><script type="application/json">{"a":1}</script><script src="/x.js"></script>');
    const script = `${WEBRTC_GUARD}function go() {}`;
    const handler = `${WEBRTC_GUARD}go()`;
    expect(doc).toContain(`<script>${script}</script>`);
    expect(doc).toContain('<script type="application/json">{"a":1}</script>');
    expect(policyOf(doc)).toContain(`script-src 'sha256-${hash(script)}' 'sha256-${hash(handler)}' 'unsafe-hashes' https://meld.example;`);
    expect(policyOf(doc)).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('guard scripts inside an SVG too', async () => {
    const doc = await svgDocument('https://meld.example', '<svg><script>new RTCPeerConnection()</script></svg>');
    expect(policyOf(doc)).toContain(`'sha256-${hash(`${WEBRTC_GUARD}new RTCPeerConnection()`)}'`);
  });

  it('load the React runtime from the app and keep a component from closing its own script element', async () => {
    const doc = await reactDocument('https://meld.example', 'https://meld.example/assets/runtime.js', 'const s = "</script><script>alert(1)</script>";');
    expect(doc).toContain('<script src="https://meld.example/assets/runtime.js"></script>');
    expect(doc).toContain('const s = "<\\/script><script>alert(1)<\\/script>";');
    expect(doc.match(/<\/script>/g)).toHaveLength(2);
  });
});
