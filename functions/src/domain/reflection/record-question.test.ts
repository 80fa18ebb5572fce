import { describe, expect, it } from 'vitest';
import { addDays } from '../compass/local-time.ts';
import { fragment, weekOf } from './__fixtures__/week.ts';
import { spokenDay } from '../spoken-day.ts';
import { NOTABLE_CHANGE, recordQuestion } from './record-question.ts';
import { stageFor } from './stages.ts';

// 2026-03-12 is a Thursday at the cycle's first stage; the next three days walk the rest.
const THURSDAY = '2026-03-12';
const [whatHappened, feelings, wentWell, carryForward] = [0, 1, 2, 3].map((offset) => addDays(THURSDAY, offset)) as [string, string, string, string];

describe('naming days as people write them', () => {
  it('says today, yesterday, a weekday within the week, else the day and month (and year when it differs)', () => {
    expect([THURSDAY, '2026-03-11', '2026-03-10', '2026-03-06', '2026-03-05', '2025-12-04'].map((date) => spokenDay(date, THURSDAY))).toEqual([
      'today',
      'yesterday',
      'Tuesday',
      'Friday',
      '5 March',
      '4 December 2025',
    ]);
  });
});

describe('the evening question from the member’s record', () => {
  it('quotes a recent fragment, clipped at a word, and says where it came from and where it opens', () => {
    expect(stageFor(whatHappened)).toBe('what-happened');
    const long = 'I keep rushing the last slide of every presentation because I am afraid of the questions that might come after it, and the audience notices.';
    const answer = recordQuestion(weekOf(whatHappened, { fragments: [fragment('f-1', '2026-03-10', long)] }), 'what-happened');
    expect(answer).toEqual({
      question: 'On Tuesday you noted: “I keep rushing the last slide of every presentation because I am afraid of the questions…” What happened today that touches on that thought?',
      basis: { kind: 'fragment', date: '2026-03-10', label: 'From your fragment on Tuesday', link: '/fragments?id=f-1' },
    });
  });

  it('asks about a win on the went-well evening, naming the day it was logged', () => {
    const record = weekOf(wentWell, { fragments: [fragment('f-1', wentWell, 'A thought')], wins: [{ id: 'w 1', date: addDays(wentWell, -1), title: 'Closed the Henderson deal' }] });
    expect(recordQuestion(record, stageFor(wentWell))).toEqual({
      question: 'Yesterday you had a win: “Closed the Henderson deal”. What did you do to make it happen, and where could that help again?',
      basis: { kind: 'win', date: addDays(wentWell, -1), label: 'From your win yesterday', link: '/library/wins-vault?win=w%201' },
    });
  });

  it('picks up yesterday’s intention on the carry-forward evening and links that day', () => {
    const yesterday = addDays(carryForward, -1);
    const record = weekOf(carryForward, { days: { [yesterday]: { note: 'Finish the budget draft.' } }, fragments: [fragment('f-1', carryForward, 'A thought')] });
    expect(recordQuestion(record, stageFor(carryForward))).toEqual({
      question: 'Yesterday your intention was “Finish the budget draft.” What from it would you carry into tomorrow?',
      basis: { kind: 'intention', date: yesterday, label: 'From your intention yesterday', link: `/today?date=${yesterday}` },
    });
  });

  it('names a marked change in mood or energy against the earlier check-ins, with the numbers it came from', () => {
    // Energy 25 against 55, 60, 50 (average 55): 30 points below; mood 60 against 60: no change.
    const days = {
      [feelings]: { mood: 60, energy: 25 },
      [addDays(feelings, -1)]: { mood: 60, energy: 55 },
      [addDays(feelings, -2)]: { mood: 55, energy: 60 },
      [addDays(feelings, -4)]: { mood: 65, energy: 50 },
    };
    expect(recordQuestion(weekOf(feelings, { days, fragments: [fragment('f-1', feelings, 'A thought')] }), stageFor(feelings))).toEqual({
      question: 'Your energy today (25/100) is 30 points below your average of 55 over your 3 check-ins in the six days before. When in the day did you notice the shift, and what was behind it?',
      basis: { kind: 'mood-change', date: feelings, label: 'From your energy today and your 3 check-ins before it' },
    });
  });

  it('leaves a small change, or one against fewer than three earlier check-ins, unmentioned', () => {
    const small = { [feelings]: { mood: 60, energy: 55 - NOTABLE_CHANGE + 5 }, [addDays(feelings, -1)]: { mood: 60, energy: 55 }, [addDays(feelings, -2)]: { mood: 60, energy: 55 }, [addDays(feelings, -3)]: { mood: 60, energy: 55 } };
    expect(recordQuestion(weekOf(feelings, { days: small }), 'feelings')).toBeNull();
    const few = { [feelings]: { mood: 10, energy: 10 }, [addDays(feelings, -1)]: { mood: 90, energy: 90 }, [addDays(feelings, -2)]: { mood: 90, energy: 90 } };
    expect(recordQuestion(weekOf(feelings, { days: few }), 'feelings')).toBeNull();
  });

  it('says nothing about a source when the week holds nothing to draw on', () => {
    // A note from today is not yesterday's intention; mood without earlier days is no change.
    expect(recordQuestion(weekOf(THURSDAY, { days: { [THURSDAY]: { mood: 90, energy: 20, note: 'Rest' } } }), 'what-happened')).toBeNull();
  });

  it('gives the same question when asked again, and steps through several fragments one per cycle', () => {
    const fragments = [fragment('a', THURSDAY, 'First thought'), fragment('b', '2026-03-09', 'Second thought'), fragment('c', '2026-03-08', 'Third thought')];
    const ask = (date: string) => recordQuestion(weekOf(date, { fragments }), 'what-happened')?.basis.link;
    expect(ask(THURSDAY)).toBe(ask(THURSDAY));
    const cycles = [0, 4, 8].map((days) => ask(addDays(THURSDAY, days)));
    expect(new Set(cycles)).toEqual(new Set(['/fragments?id=a', '/fragments?id=b', '/fragments?id=c']));
  });
});
