import { REFLECTION_STAGES } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { addDays } from '../compass/local-time.ts';
import { usableQuestion, usableSummary } from './coach.ts';
import { bankQuestion, QUESTION_BANK, stageFor } from './stages.ts';

describe('the reflective cycle', () => {
  it('walks the four stages in order on consecutive days, then starts again', () => {
    const start = '2026-03-01';
    const stages = Array.from({ length: 8 }, (_, index) => stageFor(addDays(start, index)));
    const first = REFLECTION_STAGES.indexOf(stages[0]!);
    expect(stages).toEqual(Array.from({ length: 8 }, (_, index) => REFLECTION_STAGES[(first + index) % 4]));
  });

  it('keeps the stage and the bank question when the same day asks again', () => {
    expect(stageFor('2026-07-09')).toBe(stageFor('2026-07-09'));
    expect(bankQuestion('2026-07-09', stageFor('2026-07-09'))).toBe(bankQuestion('2026-07-09', stageFor('2026-07-09')));
  });

  it('offers a different bank question at the same stage in the next cycle', () => {
    const day = '2026-05-10';
    const stage = stageFor(day);
    expect(stageFor(addDays(day, 4))).toBe(stage);
    expect(bankQuestion(addDays(day, 4), stage)).not.toBe(bankQuestion(day, stage));
  });

  it('banks at least five distinct open questions per stage', () => {
    for (const stage of REFLECTION_STAGES) {
      const questions = QUESTION_BANK[stage];
      expect(new Set(questions).size).toBeGreaterThanOrEqual(5);
      for (const question of questions) expect(question).toMatch(/^(What|Which|When|Where|Who|How|If)\b.*\?$/);
    }
  });
});

describe('reading the coach model', () => {
  it('keeps the final question and drops praise or preamble before it', () => {
    expect(usableQuestion('Great work today! What made the afternoon meeting feel easier than you expected?')).toBe('What made the afternoon meeting feel easier than you expected?');
    expect(usableQuestion('  "Which choice today are you proudest of?"  ')).toBe('Which choice today are you proudest of?');
  });

  it('refuses an answer that is no question', () => {
    expect(usableQuestion('You did amazing today, keep it up!')).toBeNull();
    expect(usableQuestion('Why?')).toBeNull();
    expect(usableSummary('   ')).toBeNull();
    expect(usableSummary('A steady day of focused work.\n\nYou kept your promise to yourself.')).toBe('A steady day of focused work. You kept your promise to yourself.');
  });
});
