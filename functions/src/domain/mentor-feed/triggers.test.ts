import { emptyCompassDay, type CompassDay } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { generateCards, type FeedInput } from './triggers.ts';

const day = (date: string, fields: Partial<CompassDay>): CompassDay => ({ ...emptyCompassDay(date), ...fields });
const input = (fields: Partial<FeedInput>): FeedInput => ({ today: '2026-03-10', days: [], wins: [], themes: [], goals: [], coachAvailable: true, ...fields });
const ids = (fields: Partial<FeedInput>) => generateCards(input(fields)).map((card) => card.id);

describe('feed triggers', () => {
  it('asks for a recharge after three low-energy days running, linking the evening check-in and a coach chat', () => {
    const days = [day('2026-03-08', { energy: 30 }), day('2026-03-09', { energy: 35 }), day('2026-03-10', { energy: 20 })];
    const [card] = generateCards(input({ days }));
    expect(card).toMatchObject({ id: 'recharge-2026-03-08', type: 'nudge', trigger: 'recharge', source: 'Daily compass', sourceDetails: 'Energy 30, 35, 20 from Sunday to today' });
    expect(card!.primaryAction.href).toBe('/today?reflect=evening');
    expect(card!.secondaryAction?.href).toBe('/chats');
  });

  it('offers no coach chat on any card when no coach answers, and keeps each card\u2019s own action', () => {
    const days = [day('2026-03-08', { energy: 30 }), day('2026-03-09', { energy: 35 }), day('2026-03-10', { energy: 20 })];
    const goals = [{ id: 'g1', title: 'Ship the thesis', alignment: 'drifting', completed: false }];
    const themes = [{ id: 'career', label: 'Career', fragmentCount: 9, changePercent: 50 }];
    const withCoach = generateCards(input({ days, goals, themes }));
    const without = generateCards(input({ days, goals, themes, coachAvailable: false }));
    expect(withCoach.filter((card) => card.secondaryAction?.href === '/chats')).toHaveLength(3);
    expect(without.map((card) => card.id)).toEqual(withCoach.map((card) => card.id));
    expect(without.map((card) => card.secondaryAction)).toEqual([null, null, null]);
    expect(without.map((card) => card.primaryAction)).toEqual(withCoach.map((card) => card.primaryAction));
  });

  it('keeps the same recharge card while the run goes on, and none when a day breaks it or energy is 40', () => {
    const run = [day('2026-03-07', { energy: 10 }), day('2026-03-08', { energy: 30 }), day('2026-03-09', { energy: 35 })];
    expect(ids({ days: run })).toEqual(['recharge-2026-03-07']);
    expect(ids({ days: [...run, day('2026-03-10', { energy: 39 })] })).toEqual(['recharge-2026-03-07']);
    expect(ids({ days: [day('2026-03-08', { energy: 30 }), day('2026-03-09', { energy: 40 }), day('2026-03-10', { energy: 45 })] })).toEqual([]);
    // Two low days that ended yesterday are not yet a run worth a card.
    expect(ids({ days: [day('2026-03-08', { energy: 30 }), day('2026-03-09', { energy: 20 })] })).toEqual([]);
    expect(ids({ days: [day('2026-03-06', { energy: 30 }), day('2026-03-07', { energy: 30 }), day('2026-03-08', { energy: 30 })] })).not.toContain('recharge-2026-03-06');
  });

  it('answers a low today at once: Today\u2019s recharge nudge lands on this card', () => {
    const [card] = generateCards(input({ days: [day('2026-03-09', { energy: 80 }), day('2026-03-10', { energy: 35 })] }));
    expect(card).toMatchObject({ id: 'recharge-2026-03-10', trigger: 'recharge', sourceDetails: 'Energy 35 today' });
    expect(card!.content).toContain('Your energy is 35 today.');
    expect(card!.primaryAction.href).toBe('/today?reflect=evening');
  });

  it('nudges a drifting, open North-Star goal towards the narrative', () => {
    const goals = [
      { id: 'g1', title: 'Ship the thesis', alignment: 'drifting', completed: false },
      { id: 'g2', title: 'Run weekly', alignment: 'strong', completed: false },
      { id: 'g3', title: 'Old goal', alignment: 'drifting', completed: true },
    ];
    const cards = generateCards(input({ goals }));
    expect(cards.map((card) => card.id)).toEqual(['goal-drift-g1']);
    expect(cards[0]).toMatchObject({ type: 'task-nudge', primaryAction: { href: '/library/north-star' } });
  });

  it('prompts a journal entry for a recent win with no evening reflection that day', () => {
    const wins = [
      { date: '2026-03-08', title: 'Gave the talk' },
      { date: '2026-03-09', title: 'Fixed the bug' },
      { date: '2026-03-10', title: 'Today, evening still to come' },
      { date: '2026-02-20', title: 'Too old' },
    ];
    const days = [day('2026-03-09', { eveningNote: 'Reflected' })];
    const cards = generateCards(input({ wins, days }));
    expect(cards.map((card) => card.id)).toEqual(['unreflected-win-2026-03-08']);
    expect(cards[0]).toMatchObject({ type: 'journal-prompt', source: 'Wins vault' });
    expect(cards[0]!.content).toBe('You logged “Gave the talk” on Sunday but did not reflect that evening. Capture what it taught you while it is fresh.');
    expect(cards[0]!.sourceDetails).toBe('1 win on Sunday, no evening reflection');
    // The capture action opens the capture dialog, not just the fragments page.
    expect(cards[0]!.primaryAction).toEqual({ label: 'Capture a fragment', href: '/fragments?capture=quick' });
  });

  it('writes no ISO date into a card’s words: yesterday, a weekday, or the day and month', () => {
    const wins = [{ date: '2026-03-09', title: 'Fixed the bug' }];
    const [win] = generateCards(input({ wins }));
    expect(win!.content).toContain('You logged “Fixed the bug” yesterday but');
    const days = [day('2026-02-20', { energy: 30 }), day('2026-02-21', { energy: 30 }), day('2026-02-22', { energy: 30 })];
    const cards = generateCards(input({ today: '2026-02-23', days }));
    expect(cards.find((card) => card.trigger === 'recharge')!.sourceDetails).toBe('Energy 30, 30, 30 from Friday to yesterday');
    const [gap] = generateCards(input({ days: [day('2025-12-04', { mood: 60 })] }));
    expect(gap!.sourceDetails).toBe('Last compass on 4 December 2025');
    for (const card of [win!, ...cards, gap!]) expect(`${card.title} ${card.content} ${card.sourceDetails}`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('turns a theme growing at least 25% into a monthly insight that opens fragments', () => {
    const themes = [
      { id: 'career', label: 'Career', fragmentCount: 9, changePercent: 50 },
      { id: 'health', label: 'Health', fragmentCount: 4, changePercent: 10 },
      { id: 'family', label: 'Family', fragmentCount: 2, changePercent: null },
    ];
    const cards = generateCards(input({ themes }));
    expect(cards.map((card) => card.id)).toEqual(['theme-growth-career-2026-03']);
    expect(cards[0]).toMatchObject({ type: 'insight', primaryAction: { href: '/fragments' }, sourceDetails: '9 fragments in Career, +50% over 30 days' });
  });

  it('nudges gently after three days without a compass, only for members who used it', () => {
    expect(ids({ days: [day('2026-03-07', { mood: 60 })] })).toEqual(['compass-gap-2026-03-07']);
    expect(ids({ days: [day('2026-03-08', { mood: 60 })] })).toEqual([]);
    expect(ids({ days: [day('2026-03-05', { eveningNote: 'Only an evening' })] })).toEqual([]);
    expect(ids({})).toEqual([]);
  });
});
