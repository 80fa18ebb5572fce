import { FilterXSS, type IWhiteList } from 'xss';

/**
 * The banner markup an admin may store (decision 0017): paragraphs, emphasis, lists, line breaks
 * and links. Everything else goes, with the contents of script and style; links keep only
 * http(s) and mailto targets and always open in a new tab without handing over the opener.
 * The browser runs DOMPurify again when it renders, so this is the first of two gates.
 *
 * xss tokenises (and drops comments); every tag goes through `onTag` below, which writes each
 * kept tag afresh, so no attribute the admin typed reaches the output except a checked href.
 */
const BANNER_TAGS: IWhiteList = Object.fromEntries(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'span', 'ul', 'ol', 'li', 'a'].map((tag) => [tag, []]));

// Their text is code, not words: dropped whole rather than left behind as loose text.
const DROPPED_WITH_CONTENTS = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template']);

// Block tags that end an open paragraph, as an HTML parser does: `<p>one<p>two` is two paragraphs.
const CLOSES_PARAGRAPH = new Set(
  'p ul ol div h1 h2 h3 h4 h5 h6 hr pre table blockquote address article aside details dl fieldset figcaption figure footer form header main nav section'.split(' '),
);

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const NEW_TAB = ' target="_blank" rel="noopener noreferrer"';

/** The message with only the allowed markup left. */
export function sanitiseBannerHtml(html: string): string {
  return keepOnly(html, BANNER_TAGS).trim();
}

/** True when the sanitised message still says something a visitor can read. */
export function hasVisibleText(html: string): boolean {
  return keepOnly(html, {}).replace(/&(?:nbsp|#160|#xa0);|\s/gi, '').length > 0;
}

/** The text of `html` with only `allowed` tags kept, always balanced so it cannot spill over the page around it. */
function keepOnly(html: string, allowed: IWhiteList): string {
  const open: string[] = [];
  let droppingUntil: string | undefined;

  const closeThrough = (tag: string): string => {
    const at = open.lastIndexOf(tag);
    return at === -1 ? '' : open.splice(at).reverse().map((name) => `</${name}>`).join('');
  };
  const closeImplied = (tag: string): string => {
    const innermost = open.at(-1);
    return (innermost === 'p' && CLOSES_PARAGRAPH.has(tag)) || (innermost === 'li' && tag === 'li') ? closeThrough(innermost) : '';
  };

  const filter = new FilterXSS({
    whiteList: allowed,
    css: false,
    escapeHtml: (text) => (droppingUntil ? '' : escapeText(text)),
    onTag: (tag, raw, { isClosing = false, isWhite = false }) => {
      if (droppingUntil) {
        if (isClosing && tag === droppingUntil) droppingUntil = undefined;
        return '';
      }
      // A `<` that starts no tag (`1 < 2`) is text, as a browser reads it.
      if (!/^<\/?[a-z!?]/i.test(raw)) return escapeText(raw);
      // A tag cut off by the end of the message is not a tag to a browser either.
      if (!raw.endsWith('>')) return '';
      if (DROPPED_WITH_CONTENTS.has(tag)) {
        if (!isClosing) droppingUntil = tag;
        return '';
      }
      if (isClosing) return isWhite ? closeThrough(tag) : '';
      const implied = closeImplied(tag);
      if (!isWhite) return implied;
      if (tag === 'br') return `${implied}<br />`;
      open.push(tag);
      return implied + (tag === 'a' ? link(raw) : `<${tag}>`);
    },
  });
  return filter.process(html) + (open.length > 0 ? closeThrough(open[0]!) : '');
}

/** An opening `<a ...>` rewritten with its href (when safe) and the new-tab attributes. */
function link(raw: string): string {
  const href = safeHref(attribute(raw.slice(2, -1), 'href'));
  return `<a${href ? ` href="${escapeAttribute(href)}"` : ''}${NEW_TAB}>`;
}

/** The first value of attribute `name` in a tag's attribute text (the first wins, as in a browser). */
function attribute(attributes: string, name: string): string | undefined {
  for (const [, key, doubleQuoted, singleQuoted, bare] of attributes.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g)) {
    if (key!.toLowerCase() === name) return doubleQuoted ?? singleQuoted ?? bare ?? '';
  }
  return undefined;
}

/**
 * The href the browser would follow, or undefined when it is not an http(s) or mailto link or a
 * relative one. Checked after decoding entities and without the blanks browsers skip
 * (`java&#x09;script:`, `&#106;avascript:`); the output escapes every `&`, so a browser reads
 * exactly the string checked here.
 */
function safeHref(value: string | undefined): string | undefined {
  const href = decodeEntities(value ?? '');
  // eslint-disable-next-line no-control-regex -- browsers drop these control characters from URLs
  const bare = href.replace(/[\x00-\x20]+/g, '');
  const scheme = /^([a-z][a-z0-9.+-]*):/i.exec(bare)?.[1]?.toLowerCase();
  const allowed = scheme ? LINK_SCHEMES.has(scheme) : !/^[/\\]{2}/.test(bare);
  return allowed && href ? href : undefined;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** Text with `<`, `>` and any `&` that starts no entity escaped; entities stay as written. */
function escapeText(text: string): string {
  return text.replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
