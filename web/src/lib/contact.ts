/**
 * Where "Request access" e-mails go. The startup config has no contact address yet, so the
 * deployment sets it at build time (VITE_ACCESS_REQUEST_EMAIL).
 */
export const ACCESS_REQUEST_EMAIL: string = import.meta.env.VITE_ACCESS_REQUEST_EMAIL || 'pilot@meld.app';

export function accessRequestHref(subject: string): string {
  return `mailto:${ACCESS_REQUEST_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
