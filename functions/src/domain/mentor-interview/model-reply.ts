import { MENTOR_INTERVIEW_LIMITS } from '@meld/shared';
import { usableQuestion, usableSummary } from '../reflection/coach.ts';

/**
 * Reading the coach model's replies. Models drift from the format they are asked for (markdown,
 * JSON, a chatty line first), so the parsers accept the common shapes and answer null for
 * anything else: the caller then falls back to the question bank or the template.
 */

const LABEL = /^\W*(preamble|question)\W*:\s*(.*)$/i;

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The labelled lines of a reply (`PREAMBLE: ...`, `**Question:** ...`, continued on following lines). */
function labelled(reply: string): Partial<Record<'preamble' | 'question', string>> {
  const found: Partial<Record<'preamble' | 'question', string>> = {};
  let current: 'preamble' | 'question' | undefined;
  for (const line of reply.split('\n')) {
    const match = LABEL.exec(line.replace(/\*\*/g, ''));
    if (match) {
      current = match[1]!.toLowerCase() as 'preamble' | 'question';
      found[current] = match[2]!;
    } else if (current && line.trim()) {
      found[current] = `${found[current]} ${line}`;
    }
  }
  return found;
}

/** A JSON object anywhere in the reply (a fenced block included) with string fields. */
function jsonFields(reply: string): Partial<Record<'preamble' | 'question', string>> {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start === -1 || end <= start) return {};
  try {
    const parsed = JSON.parse(reply.slice(start, end + 1)) as Record<string, unknown>;
    return {
      ...(typeof parsed.preamble === 'string' ? { preamble: parsed.preamble } : {}),
      ...(typeof parsed.question === 'string' ? { question: parsed.question } : {}),
    };
  } catch {
    return {};
  }
}

function usablePreamble(text: string | undefined): string | null {
  const preamble = flat(text ?? '').replace(/^["“]+|["”]+$/g, '');
  return preamble.length >= 20 && preamble.length <= MENTOR_INTERVIEW_LIMITS.preambleMax ? preamble : null;
}

/**
 * A question and its preamble from the model's reply. The question must be one (ending with a
 * question mark, of a sensible length) and new; a missing or unusable preamble is left null for
 * the caller to fill from the bank.
 */
export function parseQuestionReply(reply: string, avoid: readonly string[] = []): { question: string; preamble: string | null } | null {
  const json = jsonFields(reply);
  const fields = json.question ? json : labelled(reply);
  const question = usableQuestion(fields.question ?? reply);
  if (!question) return null;
  const seen = avoid.map((asked) => flat(asked).toLowerCase());
  if (seen.includes(question.toLowerCase())) return null;
  return { question, preamble: usablePreamble(fields.preamble) };
}

/** The welcome introduction: plain text of a sensible length. */
export function parseIntroReply(reply: string): string | null {
  return usableSummary(reply);
}

const INSIGHTS_MAX = 5_000;

/**
 * The insights: long enough to be a summary, not endless, and quoting the mentor at least once
 * (the point of them); paragraphs are kept.
 */
export function parseInsightsReply(reply: string): string | null {
  const text = reply
    .split(/\n\s*\n/)
    .map(flat)
    .filter(Boolean)
    .join('\n\n');
  if (text.length < 80 || text.length > INSIGHTS_MAX) return null;
  return /["“][^"“”]{3,}["”]/.test(text) ? text : null;
}
