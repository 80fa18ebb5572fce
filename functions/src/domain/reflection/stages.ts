import { REFLECTION_STAGES, type ReflectionStage } from '@meld/shared';

/*
 * The evening question walks a reflective cycle (after Gibbs): what happened, how it felt, what
 * went well and the user's part in it, what to carry into tomorrow. One stage per calendar day, in
 * order, so consecutive evenings complete the cycle and asking again on the same day keeps the
 * stage. Days are counted from 1970-01-01, so the rotation needs no stored state.
 */

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function stageFor(date: string): ReflectionStage {
  return REFLECTION_STAGES[dayNumber(date) % REFLECTION_STAGES.length]!;
}

/** What the coach is asked to explore at each stage. */
export const STAGE_FOCUS: Record<ReflectionStage, string> = {
  'what-happened': 'what actually happened today: one concrete moment, conversation or decision, described plainly',
  feelings: 'how the day felt: the emotions behind today’s mood and energy, and where in the day they shifted',
  'went-well': 'what went well today and the user’s own part in it: the choice, skill or effort that made the difference',
  'carry-forward': 'what to carry into tomorrow: one learning, intention or small next step that grows out of today',
};

/** Used when no coach model is configured or it fails: warm, specific, open questions. */
export const QUESTION_BANK: Record<ReflectionStage, readonly string[]> = {
  'what-happened': [
    'What is one moment from today you keep coming back to, and what exactly happened in it?',
    'Which conversation today shaped the rest of your day, and how did it unfold?',
    'What did you spend most of your attention on today, and how did it turn out?',
    'What happened today that you did not expect when you woke up this morning?',
    'Which decision did you make today, and what led you to it?',
    'How did the intention you set this morning meet the day you actually had?',
  ],
  feelings: [
    'When today did your energy shift, and what was happening around you at that moment?',
    'What feeling stayed with you longest today, and where do you think it came from?',
    'Which part of today felt heavier than it looked from the outside?',
    'When did you feel most like yourself today, and what made that possible?',
    'What emotion surprised you today, and what might it be telling you?',
    'How does your body feel tonight compared with this morning, and what changed it?',
  ],
  'went-well': [
    'What went well today that you might be tempted to brush aside, and what was your part in it?',
    'Which small choice you made today made a difference, even if nobody noticed?',
    'What did you handle today in a way your past self would be proud of?',
    'Where did one of your strengths show up today, and how did you use it?',
    'Who did you help or move forward today, and what did you bring to that moment?',
    'What is one thing you did today that you would like to do again, and why did it work?',
  ],
  'carry-forward': [
    'What is one thing from today you want to carry into tomorrow, and how will you start?',
    'If tomorrow went a little better than today, what would you have done differently?',
    'What did today teach you about what you need to do your best work?',
    'Which unfinished thought from today deserves ten minutes of your time tomorrow?',
    'What small promise could you make to yourself for tomorrow, based on today?',
    'What would you like to stop, start or keep doing after today?',
  ],
};

/** The bank's question for a date: the stage's list, stepping one question per full cycle. */
export function bankQuestion(date: string, stage: ReflectionStage): string {
  const questions = QUESTION_BANK[stage];
  return questions[Math.floor(dayNumber(date) / REFLECTION_STAGES.length) % questions.length]!;
}
