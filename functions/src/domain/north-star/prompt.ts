import { CHAPTER_IDS, GOAL_ALIGNMENTS, NARRATIVE_VALUES, NORTH_STAR, type NarrativeVersion } from '@meld/shared';
import type { ChatTurn } from '../../providers/llm/types.ts';
import { clip } from '../reflection/prompts.ts';
import { windowStart, type NarrativeEvidence } from './evidence.ts';

/** The whole evidence stays well inside a small model's context: older entries go first. */
const EVIDENCE_CHARS = 24_000;
const ENTRY_CHARS = 400;

const SYSTEM = [
  "You are Meld's reflection coach. You write a member's North-Star narrative: where their recent days point, in their own evidence.",
  'Use only what the records below say. Never invent events, people, numbers or feelings that are not in them; when the records are thin, say less.',
  'Write in the second person ("you"), warm and plain, no affirmations or clichés.',
  'Answer with one JSON object and nothing else, in exactly this shape:',
  '{"headline": string (one sentence, at most 160 characters),',
  ` "dominantValue": one of ${NARRATIVE_VALUES.map((value) => `"${value}"`).join(', ')},`,
  ' "chapters": exactly 3 objects {"title": string, "content": string (60-180 words), "valueHighlights": [{"text": a phrase copied exactly from this chapter\'s content, "value": one of the values above}] (0-3 items)},',
  `   the first about the values the records show, the second about momentum (what is moving and what is stuck), the third about the direction they point in,`,
  ` "goals": ${NORTH_STAR.goalsMin}-${NORTH_STAR.goalsMax} objects {"title": string, "alignment": one of ${GOAL_ALIGNMENTS.map((value) => `"${value}"`).join(', ')}, "nextStep": one concrete step for this week}}.`,
  'A goal is strong when recent entries keep serving it, drifting when it is named but the recent days went elsewhere, emerging when it is only beginning to show.',
].join('\n');

/** The records of the window as dated lines, newest kept when they do not all fit. */
function evidenceLines(evidence: NarrativeEvidence): string[] {
  const lines: { date: string; line: string }[] = [];
  for (const day of evidence.days) {
    const parts = [
      day.mood !== null ? `mood ${day.mood}/100` : null,
      day.energy !== null ? `energy ${day.energy}/100` : null,
      day.note ? `intention: "${clip(day.note, ENTRY_CHARS)}"` : null,
      day.eveningNote ? `evening reflection: "${clip(day.eveningNote, ENTRY_CHARS)}"` : null,
      day.dailySummary ? `day summary: "${clip(day.dailySummary, ENTRY_CHARS)}"` : null,
    ].filter(Boolean);
    if (parts.length > 0) lines.push({ date: day.date, line: `compass: ${parts.join('; ')}` });
  }
  for (const win of evidence.wins) lines.push({ date: win.date, line: `win: "${clip(win.title, 200)}"${win.description ? ` (${clip(win.description, ENTRY_CHARS)})` : ''}` });
  for (const fragment of evidence.fragments) lines.push({ date: fragment.date, line: `fragment (${fragment.type}): "${clip(fragment.content, ENTRY_CHARS)}"` });
  for (const woven of evidence.woven) lines.push({ date: woven.date, line: `woven reflection "${clip(woven.title, 200)}": "${clip(woven.body, ENTRY_CHARS * 2)}"` });
  lines.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
  const kept: string[] = [];
  let size = 0;
  for (const { date, line } of lines) {
    size += line.length + 14;
    if (size > EVIDENCE_CHARS) break;
    kept.push(`- ${date} ${line}`);
  }
  return kept.reverse();
}

/** The coach's request: the rules, the window's records and, when there is one, the previous version's goals. */
export function narrativePrompt(evidence: NarrativeEvidence, previous: NarrativeVersion | undefined): ChatTurn[] {
  const parts = [`The member's records from ${windowStart(evidence.today)} to ${evidence.today} (today), oldest first:`, ...evidenceLines(evidence)];
  if (previous) {
    parts.push('', `Their previous narrative's headline: "${previous.headline}"`, 'Its goals (keep a goal\'s title when it is still the same goal):');
    for (const goal of previous.goals) parts.push(`- ${goal.title} (${goal.alignment}${goal.completed ? ', marked completed by the member' : ''})`);
  }
  parts.push('', `Write the narrative JSON now. Chapter order: ${CHAPTER_IDS.join(', ')}.`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: parts.join('\n') },
  ];
}

/** The second attempt: the first reply and why it was refused. */
export function retryTurns(turns: ChatTurn[], reply: string, problem: string): ChatTurn[] {
  return [...turns, { role: 'assistant', content: clip(reply, 4_000) }, { role: 'user', content: `That reply cannot be used (${problem}). Answer again with only the JSON object in the shape described.` }];
}
