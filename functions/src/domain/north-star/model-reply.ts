import * as z from 'zod';
import { GOAL_ALIGNMENTS, NARRATIVE_VALUES, NORTH_STAR } from '@meld/shared';

/**
 * The JSON the coach model must answer with. Anything else is refused (the caller asks once more,
 * then fails): the narrative is never filled in from anywhere but the model's valid answer.
 */
const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const narrativeReplySchema = z.object({
  headline: text(10, NORTH_STAR.headlineMax),
  dominantValue: z.enum(NARRATIVE_VALUES),
  chapters: z
    .array(
      z.object({
        title: text(2, NORTH_STAR.chapterTitleMax),
        content: text(40, NORTH_STAR.chapterContentMax),
        valueHighlights: z.array(z.object({ text: text(3, 300), value: z.enum(NARRATIVE_VALUES) })).max(NORTH_STAR.highlightsMax).default([]),
      }),
    )
    .length(3),
  goals: z
    .array(z.object({ title: text(3, NORTH_STAR.goalTitleMax), alignment: z.enum(GOAL_ALIGNMENTS), nextStep: text(3, NORTH_STAR.nextStepMax) }))
    .min(NORTH_STAR.goalsMin)
    .max(NORTH_STAR.goalsMax),
});
export type NarrativeReply = z.output<typeof narrativeReplySchema>;

/** The outermost JSON object of a reply (models wrap it in a fenced block or a sentence). */
function jsonObject(reply: string): unknown {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start === -1 || end <= start) throw new Error('the reply holds no JSON object');
  return JSON.parse(reply.slice(start, end + 1));
}

/**
 * The narrative in a reply, or the reason it is unusable. Value highlights must quote their
 * chapter: one that does not is dropped rather than shown as something the chapter says.
 */
export function parseNarrativeReply(reply: string): { ok: true; narrative: NarrativeReply } | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = jsonObject(reply);
  } catch (error) {
    return { ok: false, problem: error instanceof SyntaxError ? `invalid JSON (${error.message})` : (error as Error).message };
  }
  const result = narrativeReplySchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, problem: `${issue.path.join('.') || 'reply'}: ${issue.message}` };
  }
  const narrative = result.data;
  for (const chapter of narrative.chapters) {
    chapter.valueHighlights = chapter.valueHighlights.filter((highlight) => chapter.content.includes(highlight.text));
  }
  return { ok: true, narrative };
}
