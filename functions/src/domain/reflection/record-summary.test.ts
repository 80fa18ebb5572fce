import { COMPASS } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { addDays } from '../compass/local-time.ts';
import { fragment, weekOf } from './__fixtures__/week.ts';
import { recordSummary } from './record-summary.ts';

const THURSDAY = '2026-03-12';
const before = (days: number) => addDays(THURSDAY, -days);

describe('the daily summary without a model', () => {
  it('compares the day with the member’s earlier check-ins, gives the streak, the week’s fragments and wins, the intention and the evening', () => {
    const record = weekOf(THURSDAY, {
      days: {
        [THURSDAY]: { mood: 60, energy: 45, note: 'Finish the budget draft' },
        [before(1)]: { mood: 50, energy: 60 },
        [before(2)]: { mood: 55, energy: 40 },
        // Mood only: not a check-in, so not in the average.
        [before(3)]: { mood: 5 },
        [before(5)]: { mood: 50, energy: 55 },
      },
      fragments: [
        fragment('a', THURSDAY, 'Why do I rush?', { type: 'question', tags: ['pace', 'work'] }),
        fragment('b', before(1), 'I realized I rush when tired', { type: 'insight', tags: ['pace'] }),
        fragment('c', before(4), 'I learned to ask early', { type: 'insight', tags: ['pace', 'asking'] }),
      ],
      wins: [
        { id: 'w2', date: before(1), title: 'Closed the Henderson deal' },
        { id: 'w1', date: before(6), title: 'Gave the talk' },
      ],
      streak: 3,
    });
    // Averages over the three check-ins: mood (50 + 55 + 50) / 3 = 51.67 → 52, energy (60 + 40 + 55) / 3 = 51.67 → 52.
    expect(recordSummary(record, 'I finished the draft before lunch. Then the afternoon dragged.')).toBe(
      'On Thursday you rated your mood Good (60/100) and your energy Focused (45/100). ' +
        'Against your average over your 3 check-ins in the six days before (mood 52, energy 52), your mood was 8 points higher and your energy was 7 points lower. ' +
        'Thursday was day 3 of your check-in streak. ' +
        'In the week up to Thursday you captured 3 fragments: 2 insights and 1 question; the tags you used most were #pace (3), #asking (1) and #work (1). ' +
        'In the same week you had 2 wins, the latest “Closed the Henderson deal”. ' +
        'Your intention for the day was “Finish the budget draft”. ' +
        'In the evening you reflected: “I finished the draft before lunch.”',
    );
  });

  it('states differences from the rounded averages it shows, and “the same” for none', () => {
    // Mood 52.5 rounds to 53, so 60 is 7 points higher (not 7.5 rounded to 8); energy 50 is the same.
    const record = weekOf(THURSDAY, {
      days: { [THURSDAY]: { mood: 60, energy: 50 }, [before(1)]: { mood: 50, energy: 50 }, [before(2)]: { mood: 55, energy: 50 }, [before(3)]: { mood: 50, energy: 50 }, [before(4)]: { mood: 55, energy: 50 } },
    });
    expect(recordSummary(record, 'Fine.')).toContain('(mood 53, energy 50), your mood was 7 points higher and your energy was the same.');
  });

  it('says plainly that it needs a few more days with fewer than three earlier check-ins, and how many there were', () => {
    const two = weekOf(THURSDAY, { days: { [THURSDAY]: { mood: 40, energy: 40 }, [before(1)]: { mood: 90, energy: 90 }, [before(6)]: { mood: 90, energy: 90 } } });
    expect(recordSummary(two, 'Fine.')).toContain('With only 2 check-ins in the six days before, it needs a few more days to compare with your own average.');
    expect(recordSummary(two, 'Fine.')).not.toMatch(/average over|points/);
    const none = weekOf(THURSDAY, { days: { [THURSDAY]: { mood: 40 } } });
    expect(recordSummary(none, 'Fine.')).toBe(
      'On Thursday you rated your mood Okay (40/100). With no check-in in the six days before, it needs a few more days to compare with your own average. In the evening you reflected: “Fine.”',
    );
  });

  it('names the day rather than “today”, so a past day’s summary reads true on later days', () => {
    const record = weekOf(THURSDAY, { days: { [THURSDAY]: { mood: 60, energy: 45, note: 'Walk' } }, fragments: [fragment('a', THURSDAY, 'x')], wins: [{ id: 'w', date: THURSDAY, title: 'Done' }], streak: 1 });
    const summary = recordSummary(record, 'It was good.');
    expect(summary).not.toMatch(/\btoday\b|\bthis week\b/i);
    expect(summary).toContain('Thursday’s check-in started a new streak.');
    expect(recordSummary(weekOf('2026-03-13', { days: { '2026-03-13': { mood: 60, energy: 45 } } }), 'Ok.')).toMatch(/^On Friday you rated/);
  });

  it('says the streak is at least as long as the days it counts, and nothing of a streak without a check-in that day', () => {
    const long = weekOf(THURSDAY, { days: { [THURSDAY]: { mood: 60, energy: 45 } }, streak: COMPASS.maxViewDays });
    expect(recordSummary(long, 'Ok.')).toContain(`Thursday was day at least ${COMPASS.maxViewDays} of your check-in streak.`);
    expect(recordSummary(weekOf(THURSDAY, { days: { [THURSDAY]: { mood: 60 } }, streak: 4 }), 'Ok.')).not.toContain('streak');
  });

  it('still gives two sentences when only the evening text exists, and the same words for the same record', () => {
    expect(recordSummary(weekOf(THURSDAY), 'Quiet day')).toBe('You took time to look back on your day. In the evening you reflected: “Quiet day”.');
    const record = weekOf(THURSDAY, { fragments: [fragment('a', THURSDAY, 'x', { tags: ['b', 'a'] })] });
    expect(recordSummary(record, 'Ok.')).toBe(recordSummary(record, 'Ok.'));
    expect(recordSummary(record, 'Ok.')).toContain('1 fragment: 1 note; the tags you used most were #a (1) and #b (1).');
  });
});
