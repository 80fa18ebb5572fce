import sanitizeHtml from 'sanitize-html';

/**
 * The banner markup an admin may store (decision 0017): paragraphs, emphasis, lists, line breaks
 * and links. Everything else goes, with the contents of script and style; links keep only
 * http(s) and mailto targets and always open in a new tab without handing over the opener.
 * The browser runs DOMPurify again when it renders, so this is the first of two gates.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'span', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code, not words: dropped whole rather than left behind as loose text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/** The message with only the allowed markup left. */
export function sanitiseBannerHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the sanitised message still says something a visitor can read. */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
