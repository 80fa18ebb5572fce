/**
 * Artifact blocks in assistant replies: a directive line, one fenced code block, a closing line.
 *
 *   :::artifact{identifier="pricing-page" type="text/html" title="Pricing page"}
 *   ```html
 *   <h1>…</h1>
 *   ```
 *   :::
 *
 * The browser splits replies into text and artifacts with it, and the server finds the artifact an
 * edit replaces, so both agree on what "the nth artifact of a message" is. No zod here: the
 * browser bundles this file.
 */

export const ARTIFACT_TYPES = ['text/html', 'image/svg+xml', 'application/vnd.mermaid', 'text/markdown', 'application/vnd.react'] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

/** Spec 000 section 9. */
export const ARTIFACT_TIMING = {
  /** A new or changed artifact reaches the preview after this much quiet (streaming, typing). */
  registrationDebounceMs: 750,
  /** The side panel follows a streaming artifact at most this often. */
  updateThrottleMs: 25,
} as const;

export interface ArtifactBlock {
  /** Position among the message's artifacts, from 0. */
  index: number;
  identifier: string;
  type: ArtifactType;
  title: string;
  /** The fence's language tag, if any. */
  language: string;
  content: string;
  /** False while the reply is still streaming the block. */
  complete: boolean;
  /** Offsets of `content` in the source text. */
  contentStart: number;
  contentEnd: number;
}

export type ReplySegment = { kind: 'text'; text: string } | { kind: 'artifact'; artifact: ArtifactBlock };

const OPENING = /^:::artifact\{([^}\n]*)\}[ \t]*$/gm;
const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n]*\n/;

function attributes(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of source.matchAll(/(\w+)\s*=\s*"([^"]*)"/g)) found[match[1]!] = match[2]!;
  return found;
}

function typeOf(value: string | undefined, language: string): ArtifactType {
  if (value && (ARTIFACT_TYPES as readonly string[]).includes(value)) return value as ArtifactType;
  if (language === 'svg') return 'image/svg+xml';
  if (language === 'mermaid') return 'application/vnd.mermaid';
  if (language === 'markdown' || language === 'md') return 'text/markdown';
  if (/^(jsx|tsx|react)$/.test(language)) return 'application/vnd.react';
  return 'text/html';
}

/** Splits a reply's text into prose and artifact blocks, in order; an unclosed block runs to the end. */
export function splitArtifacts(text: string, firstIndex = 0): ReplySegment[] {
  const segments: ReplySegment[] = [];
  let cursor = 0;
  let index = firstIndex;
  OPENING.lastIndex = 0;
  for (let opening = OPENING.exec(text); opening; opening = OPENING.exec(text)) {
    if (opening.index < cursor) continue;
    const attrs = attributes(opening[1] ?? '');
    const afterOpening = Math.min(text.length, opening.index + opening[0].length + 1);
    const fence = FENCE.exec(text.slice(afterOpening));
    // The fence may not have arrived yet while streaming; anything else after the directive is not an artifact.
    const between = fence ? text.slice(afterOpening, afterOpening + fence.index) : text.slice(afterOpening);
    if (between.trim() !== '') continue;
    if (opening.index > cursor) segments.push({ kind: 'text', text: text.slice(cursor, opening.index) });
    const language = fence?.[2]?.toLowerCase() ?? '';
    const contentStart = fence ? afterOpening + fence.index + fence[0].length : text.length;
    const closingFence = fence ? new RegExp(`^[ \\t]*${fence[1]![0]}{${fence[1]!.length},}[ \\t]*$`, 'm') : null;
    const close = closingFence?.exec(text.slice(contentStart));
    const contentEnd = close ? contentStart + close.index : text.length;
    let end = text.length;
    let complete = false;
    if (close) {
      const afterFence = contentStart + close.index + close[0].length;
      const directiveEnd = /^\s*:::[ \t]*$/m.exec(text.slice(afterFence));
      complete = !!directiveEnd && text.slice(afterFence, afterFence + directiveEnd.index).trim() === '';
      end = complete ? afterFence + directiveEnd!.index + directiveEnd![0].length : afterFence;
    }
    const content = text.slice(contentStart, contentEnd).replace(/\n$/, '');
    segments.push({
      kind: 'artifact',
      artifact: {
        index: index++,
        identifier: attrs.identifier?.trim() || `artifact-${index}`,
        type: typeOf(attrs.type, language),
        title: attrs.title?.trim() || '',
        language,
        content,
        complete,
        contentStart,
        contentEnd: contentStart + content.length,
      },
    });
    cursor = end;
    OPENING.lastIndex = end;
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

export function artifactsIn(text: string, firstIndex = 0): ArtifactBlock[] {
  return splitArtifacts(text, firstIndex).flatMap((segment) => (segment.kind === 'artifact' ? [segment.artifact] : []));
}

/** The text with the code of its artifact `index` replaced; null when there is no such artifact or its code is not `original`. */
export function replaceArtifact(text: string, index: number, original: string, updated: string, firstIndex = 0): string | null {
  const block = artifactsIn(text, firstIndex).find((artifact) => artifact.index === index);
  if (!block || block.content !== original) return null;
  const body = updated.endsWith('\n') ? updated : `${updated}\n`;
  // contentEnd stops before the newline ahead of the closing fence; that newline stays.
  const tail = text.slice(block.contentEnd).replace(/^\n/, '');
  return text.slice(0, block.contentStart) + body + tail;
}

/**
 * The conversation's `artifacts` setting as the ask sends it (LibreChat's values): absent when
 * artifacts are off, 'custom' when the user's own prompt describes them (nothing is added),
 * 'shadcnui' when the preview's shadcn-style components are offered, else 'default'.
 */
export const ARTIFACT_MODES = ['default', 'shadcnui', 'custom'] as const;
export type ArtifactMode = (typeof ARTIFACT_MODES)[number];

export interface ArtifactSettings {
  artifacts: boolean;
  artifactsShadcn: boolean;
  artifactsCustomPrompt: boolean;
}

export function artifactMode(settings: ArtifactSettings): ArtifactMode | null {
  if (!settings.artifacts) return null;
  if (settings.artifactsCustomPrompt) return 'custom';
  return settings.artifactsShadcn ? 'shadcnui' : 'default';
}

/** Spec 000 section 4: off forces both others off; custom prompt mode forces shadcn off. */
export function settleArtifactSettings<T extends ArtifactSettings>(settings: T, change: Partial<ArtifactSettings>): Partial<ArtifactSettings> {
  const next = { ...settings, ...change };
  if (!next.artifacts) return { ...change, artifactsShadcn: false, artifactsCustomPrompt: false };
  if (next.artifactsCustomPrompt) return { ...change, artifactsShadcn: false };
  return change;
}
