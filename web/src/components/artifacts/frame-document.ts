import { artifactFramePolicy } from '@meld/shared';

/**
 * The documents the sandboxed preview frame shows. Each starts with its Content-Security-Policy,
 * before anything the artifact wrote, so nothing in it can run or load first: scripts only
 * inline or from the app's own origin (the React runtime), styles inline, images and fonts only
 * as data: or blob: URLs, and no network at all (decision 0022). The frame's page is served with
 * the same policy as a header; this copy names the app's origin and holds wherever it is served.
 */
export const framePolicy = (appOrigin: string): string => artifactFramePolicy(appOrigin);

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Inline script text cannot end its own element or open an HTML comment. */
const inlineScript = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

function head(appOrigin: string, style = ''): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(framePolicy(appOrigin))}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${style ? `<style>${style}</style>` : ''}`;
}

const PAGE = 'html,body{margin:0}body{font:15px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#2b2420;background:#fffdf9}';
const CENTERED = `${PAGE}body{min-height:100vh;display:grid;place-items:center;padding:16px;box-sizing:border-box}svg{max-width:100%;height:auto}`;
const PROSE = `${PAGE}body{padding:24px 28px;max-width:46rem}h1,h2,h3{font-family:Georgia,serif;line-height:1.25}a{color:#b4532a}code{background:#f3ece4;border-radius:4px;padding:.1em .35em;font:.88em ui-monospace,monospace}pre{background:#f3ece4;border-radius:10px;padding:12px 14px;overflow:auto}pre code{background:none;padding:0}table{border-collapse:collapse}th,td{border:1px solid #e4d9cf;padding:6px 10px;text-align:left}blockquote{margin:0;border-left:3px solid #e4d9cf;padding-left:14px;color:#6b5f57}img{max-width:100%}`;

/** An HTML artifact as written, behind the policy (a second doctype or <html> after it is ignored by the parser). */
export const htmlDocument = (appOrigin: string, html: string) => head(appOrigin) + html;

/** SVG, or a diagram already rendered to SVG, centred on the page. */
export const svgDocument = (appOrigin: string, svg: string) => `${head(appOrigin, CENTERED)}<body>${svg}</body>`;

/** Markdown the parent rendered and sanitised. */
export const proseDocument = (appOrigin: string, html: string) => `${head(appOrigin, PROSE)}<body>${html}</body>`;

/** A transpiled React component, mounted by the runtime the app ships. */
export function reactDocument(appOrigin: string, runtimeUrl: string, code: string): string {
  return `${head(appOrigin, `${PAGE}body{padding:20px}`)}<body><div id="root"></div><script src="${escapeAttribute(runtimeUrl)}"></script><script>(function(){var module={exports:{}},exports=module.exports,require=meldArtifact.require;${inlineScript(code)}
;meldArtifact.render(module.exports);})();</script></body>`;
}

/** A problem the parent found before the frame could show anything (a diagram or component that does not compile). */
export const errorDocument = (appOrigin: string, message: string) =>
  `${head(appOrigin, `${PAGE}pre{margin:16px;padding:12px 14px;border-radius:10px;background:#fbeae5;color:#8a2c12;white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace}`)}<body><pre role="alert">${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body>`;
