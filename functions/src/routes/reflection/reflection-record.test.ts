import type { CompassViewResponse, Fragment, ListWinsResponse, WinTile } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { stageFor } from '../../domain/reflection/stages.ts';
import { useApi } from '../api-test-kit.ts';
import { eveningZone } from '../interactions/__fixtures__/days.ts';
import { reflectingMember, seedFragment } from './reflection-test-kit.ts';

/** No coach configured: questions and summaries come from the member's own record. */
const api = useApi({ config: { endpoints: { demo: { enabled: true } } } });

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const weekdayOf = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
/** The query value a web link carries, to open the record it names through the API. */
const linkParam = (link: string | undefined, name: string) => new URL(link ?? '', 'https://meld.test').searchParams.get(name);

/** A zone whose calendar day now differs from UTC's, so a day read in UTC would be the wrong one. */
function zoneOffUtc() {
  const now = new Date();
  const timeZone = ['Pacific/Pago_Pago', 'Pacific/Tongatapu'].find((zone) => localDate(now, zone) !== localDate(now, 'UTC'))!;
  return { timeZone, today: localDate(now, timeZone) };
}

describe('the evening question from the member’s record, without a model', () => {
  it('quotes a fragment from the member’s week on the member’s own day, and its link opens that fragment', async () => {
    const me = await reflectingMember(api().client(), zoneOffUtc());
    const captured = await seedFragment(me.userId, 'I realized I rush the last slide when I am tired.', daysAgo(2));
    const day = addDays(me.today, -2);
    const answer = await me.question(me.today);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      source: 'record',
      stage: stageFor(me.today),
      basis: { kind: 'fragment', date: day, label: `From your fragment on ${weekdayOf(day)}`, link: `/fragments?id=${captured.id}` },
    });
    expect(answer.json.question).toMatch(new RegExp(`^On ${weekdayOf(day)} you noted: “I realized I rush the last slide when I am tired\\.” \\S.*\\?$`));
    const opened = await me.call<Fragment>('GET', `/api/fragments/${linkParam(answer.json.basis?.link, 'id')}`);
    expect([opened.status, opened.json.content]).toEqual([200, captured.content]);
  });

  it('cites a win logged this week, and its link opens it in the vault', async () => {
    const me = await reflectingMember(api().client());
    const win = await me.call<WinTile>('POST', '/api/wins', { title: 'Closed the Henderson deal', achievedAt: daysAgo(3).toISOString() });
    expect(win.status).toBe(201);
    const answer = await me.question(me.today);
    expect(answer.json.basis).toEqual({ kind: 'win', date: win.json.date, label: `From your win on ${weekdayOf(win.json.date)}`, link: `/library/wins-vault?win=${win.json.id}` });
    expect(answer.json.question).toContain(`On ${weekdayOf(win.json.date)} you had a win: “Closed the Henderson deal”.`);
    const vault = await me.call<ListWinsResponse>('GET', '/api/views/wins');
    expect(vault.json.wins.find((tile) => tile.id === linkParam(answer.json.basis?.link, 'win'))?.title).toBe('Closed the Henderson deal');
  });

  it('picks up yesterday’s intention, and its link opens that day', async () => {
    const me = await reflectingMember(api().client());
    const yesterday = addDays(me.today, -1);
    await me.save(yesterday, 'note', 'Finish the budget draft');
    const answer = await me.question(me.today);
    expect(answer.json.basis).toEqual({ kind: 'intention', date: yesterday, label: 'From your intention yesterday', link: `/today?date=${yesterday}` });
    expect(answer.json.question).toMatch(/^Yesterday your intention was “Finish the budget draft”\. \S.*\?$/);
    const day = await me.call<CompassViewResponse>('GET', `/api/views/compass?date=${linkParam(answer.json.basis?.link, 'date')}`);
    expect(day.json.days[0]).toMatchObject({ date: yesterday, note: 'Finish the budget draft' });
  });

  it('names a marked drop in mood against the earlier check-ins, with numbers read from them', async () => {
    const me = await reflectingMember(api().client());
    for (const [back, mood] of [[1, 80], [2, 75], [4, 85]] as const) await me.compass(addDays(me.today, -back), mood, 60, '');
    await me.save(me.today, 'mood', 40);
    await me.save(me.today, 'energy', 60);
    const answer = await me.question(me.today);
    expect(answer.json.basis).toEqual({ kind: 'mood-change', date: me.today, label: 'From your mood today and your 3 check-ins before it' });
    expect(answer.json.question).toMatch(/^Your mood today \(40\/100\) is 40 points below your average of 80 over your 3 check-ins in the six days before\. \S.*\?$/);
  });

  it('draws on nothing older than the week nor anyone else’s record: then it asks the bank’s question and names no source', async () => {
    const zone = eveningZone();
    const me = await reflectingMember(api().client(), zone);
    const other = await reflectingMember(api().client(), zone);
    await seedFragment(me.userId, 'An old thought', daysAgo(8));
    await seedFragment(other.userId, 'Someone else’s thought', daysAgo(1));
    const answer = await me.question(me.today);
    expect(answer.json).toMatchObject({ source: 'question-bank' });
    expect(answer.json).not.toHaveProperty('basis');
  });
});

describe('the daily summary from the member’s week, without a model', () => {
  it('compares the day with the earlier check-ins, counts the streak, the week’s fragments and wins from what is stored', async () => {
    const me = await reflectingMember(api().client());
    const { today } = me;
    // Earlier check-ins: mood 70, 60, 50 (average 60), energy 50, 40, 60 (average 50); four days in a row with today.
    await me.compass(addDays(today, -1), 70, 50, '');
    await me.compass(addDays(today, -2), 60, 40, '');
    await me.compass(addDays(today, -3), 50, 60, '');
    await me.compass(today, 80, 45, 'Ship the onboarding flow');
    await seedFragment(me.userId, 'I realized I rush when tired.', daysAgo(1), ['pace', 'energy']);
    await seedFragment(me.userId, 'Why do I rush the last slide?', daysAgo(2), ['pace']);
    await seedFragment(me.userId, 'Too old to count', daysAgo(9), ['pace']);
    expect((await me.call('POST', '/api/wins', { title: 'Shipped the onboarding flow', achievedAt: daysAgo(0).toISOString() })).status).toBe(201);
    await me.save(today, 'evening-reflection', 'Shipped it. Two users wrote to say thanks.');
    const answer = await me.summary(today, 'Shipped it. Two users wrote to say thanks.');
    expect(answer.status).toBe(200);
    const weekday = weekdayOf(today);
    expect(answer.json).toMatchObject({
      source: 'template',
      summary:
        `On ${weekday} you rated your mood Great (80/100) and your energy Focused (45/100). ` +
        'Against your average over your 3 check-ins in the six days before (mood 60, energy 50), your mood was 20 points higher and your energy was 5 points lower. ' +
        `${weekday} was day 4 of your check-in streak. ` +
        `In the week up to ${weekday} you captured 2 fragments: 1 insight and 1 question; the tags you used most were #pace (2) and #energy (1). ` +
        'In the same week you had a win: “Shipped the onboarding flow”. ' +
        'Your intention for the day was “Ship the onboarding flow”. ' +
        'In the evening you reflected: “Shipped it.”',
    });
    expect(answer.json.summary).not.toMatch(/\btoday\b/i);
  });

  it('says it needs a few more days when the week has too few earlier check-ins', async () => {
    const me = await reflectingMember(api().client());
    await me.compass(addDays(me.today, -2), 90, 90, '');
    await me.save(me.today, 'mood', 40);
    await me.save(me.today, 'energy', 40);
    await me.save(me.today, 'evening-reflection', 'Slow.');
    const answer = await me.summary(me.today, 'Slow.');
    expect(answer.json.summary).toContain('With only 1 check-in in the six days before, it needs a few more days to compare with your own average.');
    expect(answer.json.summary).toContain(`${weekdayOf(me.today)}’s check-in started a new streak.`);
  });
});
