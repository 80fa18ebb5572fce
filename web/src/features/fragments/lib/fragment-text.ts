import { FRAGMENT_LIMITS, type Fragment } from '@meld/shared';
import type { TFunction } from 'i18next';

/** The first `max` characters, with an ellipsis when something was cut (200 in the list, 120 in the weave dialog). */
export function cutPreview(content: string, max: number): string {
  const text = content.trim().replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** Tags as typed: comma-separated, trimmed, blanks and repeats dropped, within the contract's limits. */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  for (const raw of input.split(',')) {
    const tag = raw.trim().slice(0, FRAGMENT_LIMITS.tagMax);
    if (tag && ![...seen].some((kept) => kept.toLowerCase() === tag.toLowerCase())) seen.add(tag);
  }
  return [...seen].slice(0, FRAGMENT_LIMITS.tagsMax);
}

/** The Weave dialog's prefilled title and body: one line per fragment (previews cut at 120), in the order shown. */
export function weaveTemplate(fragments: readonly Fragment[], t: TFunction): { title: string; body: string } {
  const lines = fragments.map((fragment) =>
    t('fragments.weave.templateItem', { type: t(`fragments.types.${fragment.type}`), preview: cutPreview(fragment.content, FRAGMENT_LIMITS.weavePreview) }),
  );
  return {
    title: t('fragments.weave.defaultTitle', { count: fragments.length }),
    body: [t('fragments.weave.templateIntro'), ...lines, '', t('fragments.weave.templateOutro'), ''].join('\n'),
  };
}

/** Spec 002 section 9: a theme bubble is 10 px per fragment, clamped to 80-160 px. */
export function bubbleSize(count: number): number {
  return Math.min(160, Math.max(80, count * 10));
}

/** "What good feedback looks like" -> "what-good-feedback-looks-like.md"; a title of symbols only gives "reflection.md". */
export function markdownFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'reflection'}.md`;
}
