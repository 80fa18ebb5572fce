import DOMPurify from 'dompurify';

/**
 * The browser's gate on banner HTML (the server sanitises on save too): the banner bar and the
 * admin's preview render through this one setting, so what the admin previews is what visitors get.
 */
export function cleanBannerHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}
