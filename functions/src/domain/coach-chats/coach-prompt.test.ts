import { emptyCompassDay, type CompassDay } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { gatherMaterial, type CoachContextDeps } from './coach-context.ts';
import { coachSystemPrompt, sourcesOf, type CoachMaterial } from './coach-prompt.ts';

const day = (date: string, fields: Partial<CompassDay> = {}): CompassDay => ({ ...emptyCompassDay(date), ...fields });

const material: CoachMaterial = {
  today: '2026-11-20',
  days: [day('2026-11-20', { mood: 70 }), day('2026-11-19'), day('2026-11-18', { note: 'Prepare the talk', eveningNote: 'It went well', dailySummary: 'A calm, focused day.' })],
  wins: [{ date: '2026-11-17', title: 'Gave the talk', description: 'Forty people came' }],
  fragments: [
    { content: 'Speak slower at the start', tags: ['talks'], attached: true },
    { content: 'Call Sam next week', tags: [], attached: false },
  ],
  tags: ['public-speaking'],
  goals: [
    { title: 'Lead the next launch', alignment: 'strong', nextStep: 'Ask for the lead role on Monday', completed: false },
    { title: 'Mentor a teammate', alignment: 'emerging', nextStep: 'Offer a weekly half hour', completed: true },
  ],
};

describe('the coach’s system prompt', () => {
  it('holds the recorded days newest first and leaves out days with nothing recorded', () => {
    const prompt = coachSystemPrompt(material);
    expect(prompt).toContain('Today is 2026-11-20.');
    expect(prompt).toContain('- 2026-11-20: mood 70/100\n- 2026-11-18: intention note: "Prepare the talk"; evening reflection: "It went well"; daily summary: "A calm, focused day."');
    expect(prompt).not.toContain('2026-11-19');
  });

  it('puts the attached fragments apart from the recent ones, with the wins and the chat’s topics', () => {
    const prompt = coachSystemPrompt(material);
    expect(prompt).toContain('attached to this chat; they want to talk about these:\n- "Speak slower at the start" (tags: talks)');
    expect(prompt).toContain('Other recently captured fragments:\n- "Call Sam next week"');
    expect(prompt).toContain('Recent wins:\n- 2026-11-17: Gave the talk (Forty people came)');
    expect(prompt).toContain('Topics of this chat: #public-speaking.');
  });

  it('knows the goals of the latest North-Star narrative, how the days align with each, and which are done', () => {
    expect(coachSystemPrompt(material)).toContain(
      "The member's goals, from their North-Star narrative:\n- Lead the next launch (alignment: strong; next step: Ask for the lead role on Monday)\n- Mentor a teammate (completed)",
    );
    expect(coachSystemPrompt({ ...material, goals: [] })).not.toContain('North-Star');
  });

  it('says so when nothing was recorded, and counts only what it holds', () => {
    const empty = { ...material, days: [day('2026-11-20')], wins: [], fragments: [], tags: [], goals: [] };
    expect(coachSystemPrompt(empty)).toContain('The member has recorded no check-ins in the last days.');
    expect(sourcesOf(empty)).toEqual({ checkIns: 0, reflections: 0, summaries: 0, wins: 0, fragments: 0, goals: 0 });
    expect(sourcesOf(material)).toEqual({ checkIns: 2, reflections: 1, summaries: 1, wins: 1, fragments: 2, goals: 2 });
  });
});

describe('gathering what the coach reads', () => {
  const fragment = (id: string) => ({ id, content: `Fragment ${id}`, tags: [] });
  const deps = (recent: string[]): CoachContextDeps => ({
    interactionsBetween: async () => [],
    listWins: async () => ['01', '05', '03', '07', '02', '06'].map((n) => ({ date: `2026-11-${n}`, achievedAt: `2026-11-${n}T10:00:00Z`, title: `Win ${n}`, description: '' })),
    getFragments: async (_user, ids) => ids.map(fragment),
    recentFragments: async (_user, limit) => recent.slice(0, limit).map(fragment),
    narrativeGoals: async () => [{ title: 'Lead the next launch', alignment: 'drifting', nextStep: 'Block Fridays', completed: false }],
  });

  it('reads the seven days to today, the five latest wins, and the attached fragments once', async () => {
    const chips = [{ kind: 'fragment' as const, id: 'a', label: 'A' }, { kind: 'tag' as const, id: 'career', label: 'career' }];
    const gathered = await gatherMaterial('u1', '2026-11-20', chips, deps(['a', 'b', 'c', 'd', 'e', 'f', 'g']));
    expect(gathered.days.map((entry) => entry.date)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16', '2026-11-15', '2026-11-14']);
    expect(gathered.wins.map((win) => win.title)).toEqual(['Win 07', 'Win 06', 'Win 05', 'Win 03', 'Win 02']);
    expect(gathered.fragments.map((entry) => [entry.content, entry.attached])).toEqual([
      ['Fragment a', true],
      ['Fragment b', false],
      ['Fragment c', false],
      ['Fragment d', false],
      ['Fragment e', false],
      ['Fragment f', false],
    ]);
    expect(gathered.tags).toEqual(['career']);
    expect(gathered.goals).toEqual([{ title: 'Lead the next launch', alignment: 'drifting', nextStep: 'Block Fridays', completed: false }]);
  });
});
