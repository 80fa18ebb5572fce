/**
 * A link the server returned (a deployment without mail): an in-app path when it points at this
 * site, so following it keeps the page's state; otherwise null, and the link is not offered.
 */
export function inAppPath(link: string | undefined, origin = window.location.origin): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
