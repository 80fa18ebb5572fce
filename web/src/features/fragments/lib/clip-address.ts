/** Why a web clip's page address cannot be kept, or null when it can. */
export type ClipAddressProblem = 'empty' | 'no-scheme' | 'not-web' | 'malformed';

/** A bare host such as "example.com/essay": what people paste from an address bar that hides the scheme. */
const BARE_HOST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

export function clipAddressProblem(value: string): ClipAddressProblem | null {
  const address = value.trim();
  if (!address) return 'empty';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return BARE_HOST.test(address) ? 'no-scheme' : 'malformed';
  }
  // "example.com:8080/x" parses with "example.com:" as its scheme.
  if (BARE_HOST.test(address)) return 'no-scheme';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-web';
  return url.hostname ? null : 'malformed';
}

/** The address with https:// in front, for a bare host the member can accept with one press. */
export function withScheme(value: string): string {
  return `https://${value.trim()}`;
}
