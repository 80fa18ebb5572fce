/**
 * The security headers every response carries: one definition, applied by the local gateway
 * and turned into CloudFront response-headers policies by the stack (which covers the HTTP API
 * and the streaming Function URLs too, since every request reaches them through CloudFront).
 * Header names are lower case; values are exactly what is sent.
 */

/** The page the artifact preview frames (decision 0022): the one document the app may frame. */
export const ARTIFACT_FRAME_PATH = '/artifact-frame.html';

export interface SecurityHeaderOptions {
  /**
   * Origins of the buckets the browser talks to directly: presigned uploads (PUT), downloads
   * (the API's 302 to a presigned GET, followed by fetch) and media shown from them.
   */
  storageOrigins?: readonly string[];
  /** Origins of pages the app shows in a frame: the operator's newsletter form (see `framedOrigins`). */
  frameOrigins?: readonly string[];
}

/** The origins the app config makes the app frame: `interface.newsletterUrl`'s, if set. */
export function framedOrigins(config: { interface: { newsletterUrl?: string | undefined } }): string[] {
  const url = config.interface.newsletterUrl;
  return url ? [new URL(url).origin] : [];
}

const policy = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** The web app, the API and every other file: nothing inline runs, nothing may frame it. */
export function appContentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const storage = options.storageOrigins ?? [];
  return policy({
    'default-src': ["'self'"],
    // The build emits scripts from /assets only (its module entry, and session-start.ts as a classic
    // script), none inline, so no 'unsafe-inline'.
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // Radix dialogs' scroll lock (react-remove-scroll) and Mermaid insert <style> elements at
    // run time, and a static header cannot carry a per-response nonce for them.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    // KaTeX and Mermaid markup sizes glyphs and shapes with style="…" attributes.
    'style-src-attr': ["'unsafe-inline'"],
    // Avatars and pasted images can be data: or blob: URLs before they are uploaded.
    'img-src': ["'self'", 'data:', 'blob:', ...storage],
    'font-src': ["'self'", 'data:'],
    // Speech plays from blob: URLs; recordings are played back before upload.
    'media-src': ["'self'", 'blob:', ...storage],
    // The API and the streams share the app's origin behind CloudFront; files go straight to S3.
    'connect-src': ["'self'", ...storage],
    'frame-src': ["'self'", ...(options.frameOrigins ?? [])],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The artifact preview's host page. It runs whatever the artifact wrote, so scripts may be
 * inline, but nothing may reach the network; only the app may frame it. Decision 0022's policy,
 * with 'self' standing for the app's origin (the page is served from it). The copy each preview
 * document carries lists its inline scripts' hashes instead of 'unsafe-inline' (the scripts and
 * handlers the app wrote, each opening with the WebRTC guard): a frame the artifact nests
 * inherits the policy, so no script without the guard runs there either.
 */
export function artifactFramePolicy(scriptOrigin = "'self'", scriptHashes?: readonly string[]): string {
  const inline = scriptHashes ? [...scriptHashes.map((hash) => `'sha256-${hash}'`), ...(scriptHashes.length ? ["'unsafe-hashes'"] : [])] : ["'unsafe-inline'"];
  return policy({
    'default-src': ["'none'"],
    'script-src': [...inline, scriptOrigin],
    'style-src': ["'unsafe-inline'"],
    'img-src': ['data:', 'blob:'],
    'font-src': ['data:'],
    'connect-src': ["'none'"],
    'form-action': ["'none'"],
    'base-uri': ["'none'"],
  });
}

/** Two years, every subdomain: what browsers' preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Powerful features nothing in Meld uses. Only names browsers recognise: an unknown one (such as
 * `bluetooth`, which Chromium does not list) logs a console warning on every page.
 */
const DENIED_FEATURES = ['camera', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture'] as const;
const denied = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** Headers that are the same on every response. */
const COMMON_HEADERS = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The mentor interview and dictation record from the microphone; nothing else is needed.
  'permissions-policy': `microphone=(self), ${denied}`,
  'cross-origin-opener-policy': 'same-origin',
} as const;

export type SecurityHeaders = Readonly<Record<string, string>>;

/** Every response except the artifact frame's page. */
export function securityHeaders(options: SecurityHeaderOptions = {}): SecurityHeaders {
  return { ...COMMON_HEADERS, 'content-security-policy': appContentSecurityPolicy(options), 'x-frame-options': 'DENY' };
}

/** The artifact frame's page: the app's own origin may frame it, nothing else; it gets no microphone. */
export function artifactFrameHeaders(): SecurityHeaders {
  return {
    ...COMMON_HEADERS,
    'content-security-policy': `${artifactFramePolicy()}; frame-ancestors 'self'`,
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': `microphone=(), ${denied}`,
  };
}

/** The headers for a request path, as both the local gateway and CloudFront choose them. */
export function securityHeadersForPath(path: string, options: SecurityHeaderOptions = {}): SecurityHeaders {
  return path === ARTIFACT_FRAME_PATH ? artifactFrameHeaders() : securityHeaders(options);
}
