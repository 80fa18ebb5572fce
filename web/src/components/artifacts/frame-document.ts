import { artifactFramePolicy } from '@meld/shared';

/**
 * The documents the sandboxed preview frame shows. Each starts with its Content-Security-Policy,
 * before anything the artifact wrote, so nothing in it can run or load first: scripts only from
 * the app's own origin (the React runtime) or inline with a hash the policy lists, styles inline,
 * images and fonts only as data: or blob: URLs, and no request at all (decision 0022; a navigation
 * still makes Chromium preconnect, which no policy stops and the panel states). The frame's
 * page is served with a looser copy as a header; this one names the app's origin and holds
 * wherever it is served.
 *
 * WebRTC is outside any policy: Chromium implements no CSP directive for it, so an artifact's
 * RTCPeerConnection could send STUN packets anywhere (issue 21). Every inline script and event
 * handler in the document therefore opens with `WEBRTC_GUARD`, which deletes the constructors
 * from the realm it runs in, and only those exact texts may run (their hashes, no
 * 'unsafe-inline'). A frame the artifact nests (srcdoc) inherits the policy, so whatever runs
 * there runs the guard first too; data:, blob: and URL frames are refused by `default-src`,
 * popups by the sandbox, and workers have no WebRTC.
 */

/** Deletes WebRTC's constructors from the realm it runs in; a no-op where they are already gone. */
export const WEBRTC_GUARD = '["RTCPeerConnection","webkitRTCPeerConnection","RTCIceTransport"].forEach(function(n){delete window[n]});';

export const framePolicy = (appOrigin: string, scriptHashes?: readonly string[]): string => artifactFramePolicy(appOrigin, scriptHashes);

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Inline script text cannot end its own element or open an HTML comment. */
const inlineScript = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

/** Script types a browser runs; others (JSON, templates) are data and stay as written. */
const RUNNABLE_TYPE = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/**
 * The body as the frame will parse it, each inline script and on* handler opening with the
 * guard, and the hashes of those texts: the only inline code the document's policy lets run.
 */
async function guarded(html: string): Promise<{ html: string; hashes: string[] }> {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const texts = new Set<string>();
  for (const script of doc.querySelectorAll('script')) {
    if (script.hasAttribute('src') || !RUNNABLE_TYPE.test(script.getAttribute('type')?.trim() ?? '')) continue;
    script.textContent = WEBRTC_GUARD + (script.textContent ?? '');
    texts.add(script.textContent);
  }
  for (const element of doc.querySelectorAll('*')) {
    for (const attribute of [...element.attributes].filter((a) => /^on/i.test(a.name))) {
      attribute.value = WEBRTC_GUARD + attribute.value;
      texts.add(attribute.value);
    }
  }
  return { html: doc.documentElement.outerHTML, hashes: await Promise.all([...texts].map(sha256)) };
}

async function frameDocument(appOrigin: string, html: string, style = ''): Promise<string> {
  const body = await guarded(html);
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(framePolicy(appOrigin, body.hashes))}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${style ? `<style>${style}</style>` : ''}${body.html}`;
}

const PAGE = 'html,body{margin:0}body{font:15px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#2b2420;background:#fffdf9}';
const CENTERED = `${PAGE}body{min-height:100vh;display:grid;place-items:center;padding:16px;box-sizing:border-box}svg{max-width:100%;height:auto}`;
const PROSE = `${PAGE}body{padding:24px 28px;max-width:46rem}h1,h2,h3{font-family:Georgia,serif;line-height:1.25}a{color:#b4532a}code{background:#f3ece4;border-radius:4px;padding:.1em .35em;font:.88em ui-monospace,monospace}pre{background:#f3ece4;border-radius:10px;padding:12px 14px;overflow:auto}pre code{background:none;padding:0}table{border-collapse:collapse}th,td{border:1px solid #e4d9cf;padding:6px 10px;text-align:left}blockquote{margin:0;border-left:3px solid #e4d9cf;padding-left:14px;color:#6b5f57}img{max-width:100%}`;

/** An HTML artifact, parsed and written again behind the policy (its own doctype and <html> merge into the frame's). */
export const htmlDocument = (appOrigin: string, html: string) => frameDocument(appOrigin, html);

/** SVG, or a diagram already rendered to SVG, centred on the page. */
export const svgDocument = (appOrigin: string, svg: string) => frameDocument(appOrigin, `<body>${svg}</body>`, CENTERED);

/** Markdown the parent rendered and sanitised. */
export const proseDocument = (appOrigin: string, html: string) => frameDocument(appOrigin, `<body>${html}</body>`, PROSE);

/** A transpiled React component, mounted by the runtime the app ships. */
export function reactDocument(appOrigin: string, runtimeUrl: string, code: string): Promise<string> {
  const body = `<body><div id="root"></div><script src="${escapeAttribute(runtimeUrl)}"></script><script>(function(){var module={exports:{}},exports=module.exports,require=meldArtifact.require;${inlineScript(code)}
;meldArtifact.render(module.exports);})();</script></body>`;
  return frameDocument(appOrigin, body, `${PAGE}body{padding:20px}`);
}

/** A problem the parent found before the frame could show anything (a diagram or component that does not compile). */
export const errorDocument = (appOrigin: string, message: string) =>
  frameDocument(
    appOrigin,
    `<body><pre role="alert">${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body>`,
    `${PAGE}pre{margin:16px;padding:12px 14px;border-radius:10px;background:#fbeae5;color:#8a2c12;white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace}`,
  );
