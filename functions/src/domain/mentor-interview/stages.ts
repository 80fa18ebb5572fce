import { MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';

/**
 * The interview's six stages. Each has a fixed goal: the model writes the question around it, the
 * mentor reads it plainly under the question (`supporting_text`), and the question bank answers
 * for it when there is no model. The order goes from a story to a lesson to advice.
 */
export interface InterviewStage {
  stage: number;
  /** The goal as the coach model is told it. */
  goal: string;
  /** The goal as the mentor reads it under the question. */
  supportingText: string;
  /** Fallback questions, asked in order: a Different Question takes the next one not yet asked. */
  questions: readonly string[];
  /** Fallback preambles; `{role}` becomes "your work as <job title>" (or "your work"). */
  preambles: readonly string[];
  /** How the template summary introduces this answer. */
  summaryLead: string;
}

export const INTERVIEW_STAGES: readonly InterviewStage[] = [
  {
    stage: 1,
    goal: 'a defining moment of their career: a turning point, told as a concrete story',
    supportingText: 'A defining moment in your career: one turning point, told as a story.',
    questions: [
      'Looking back, which single moment changed the direction of your career the most, and what happened?',
      'When did you first feel that you had found the work you were meant to do, and what were you doing at that moment?',
      'What is a day at work you still remember vividly, and why did it matter so much?',
      'Which opportunity, taken or turned down, shaped where you are today, and how did it come about?',
    ],
    preambles: [
      'Thank you for making time for this. Careers are rarely straight lines, and the people starting out learn most from the real turns in yours, so we would love to begin with a story from {role}.',
      'We are glad you are here. Before any advice, we would like to hear about one moment: the kind of turning point people only understand looking back.',
      'Every path has a few days that quietly change everything. We would love to hear one of yours, in as much detail as you remember.',
      'Let us start with a story. The small specifics, who was there, what you felt, are often what stays with the people who listen.',
    ],
    summaryLead: 'The moment that shaped your career',
  },
  {
    stage: 2,
    goal: 'a hard decision they made: the options, what was at stake, how they chose and how it turned out',
    supportingText: 'A hard decision you made: what was at stake, how you chose, and how it turned out.',
    questions: [
      'Tell us about a hard career decision you had to make: what were the options, and how did you choose?',
      'What is a decision you made against the advice of people around you, and what gave you the conviction to make it?',
      'When did you have to choose between two things you cared about at work, and how did you weigh them?',
      'Which decision took you longest to make, and what finally settled it?',
    ],
    preambles: [
      'Thank you for that story. Turning points often come down to a choice, and the people you will mentor face hard ones with little to go on, so we would like to hear how you made one.',
      'Knowing what someone decided is useful; knowing how they decided is what people can borrow. We would love to hear about a choice that was not easy.',
      'Decisions that look obvious in hindsight rarely felt that way at the time. We are curious about one that did not.',
      'Many people early in their careers freeze at big choices. Hearing how you worked through one, doubts included, can help them move.',
    ],
    summaryLead: 'A hard decision',
  },
  {
    stage: 3,
    goal: 'a setback or failure and what it taught them: what went wrong, how they recovered, what they do differently now',
    supportingText: 'A setback and what it taught you: what went wrong, how you recovered, what you do differently now.',
    questions: [
      'What is a setback in your career that taught you something you still use, and how did you recover from it?',
      'Tell us about a time something you were responsible for did not go as planned: what happened next?',
      'What is a mistake you are now glad you made, and what did it change in how you work?',
      'When did you last feel out of your depth at work, and how did you find your footing again?',
    ],
    preambles: [
      'Thank you for being so open so far. Success stories are easy to find; honest accounts of things going wrong are rarer and often more useful, so we would like to ask about one.',
      'People starting out tend to believe everyone else gets it right the first time. Hearing about a stumble from someone in {role} helps put that belief to rest.',
      'We have heard about moments and decisions; now we would like to hear about a time things did not go your way, and what came after.',
      'Resilience is easier to describe than to show. A real example, with how it felt at the time, is what people remember.',
    ],
    summaryLead: 'A setback and its lesson',
  },
  {
    stage: 4,
    goal: 'the people who helped them grow: a mentor, manager, peer or sponsor, and what that person did that made a difference',
    supportingText: 'The people who helped you grow: someone who made a difference, and what they did.',
    questions: [
      'Who helped you grow the most in your career, and what did they do that made the difference?',
      'Think of someone who opened a door for you: how did it happen, and what did you learn from how they did it?',
      'What is the most useful piece of feedback you have been given, who gave it, and how did you act on it?',
      'Which colleague or mentor changed how you think about your work, and what did they show you?',
    ],
    preambles: [
      'Thank you. Few careers are built alone, and since you are here to mentor others, we would love to hear about someone who did that for you.',
      'Behind most turning points there is a person: someone who gave a chance, a push or an honest word. We would like to hear about one of yours.',
      'What mentors actually do, day to day, is often invisible. Your example can show the people you will support what good help looks like.',
      'We are curious about the people in your story so far, and about one in particular who helped you become who you are in {role}.',
    ],
    summaryLead: 'Someone who helped you grow',
  },
  {
    stage: 5,
    goal: 'what they have learned about doing their work well: a habit, principle or belief they hold now, ideally one they changed their mind about',
    supportingText: 'What you have learned about doing the work well: a habit or principle you rely on now.',
    questions: [
      'What is one habit or principle that makes you good at what you do, and how did you come to it?',
      'What do you believe about your work now that you did not believe when you started?',
      'What is something about your field that people only learn on the job, and how did you learn it?',
      'If you could make one practice standard for everyone in your line of work, what would it be and why?',
    ],
    preambles: [
      'Thank you for sharing all of this. Experience leaves behind ways of working that are hard to see from outside, and we would love to hear one you rely on in {role}.',
      'You have told us about moments, choices, setbacks and people. Now we would like to hear what all of that turned into: how you work today.',
      'The best lessons are often the ones that took years to learn. We would like to hear one of yours, with how you came to it.',
      'People early in their careers are often told what to do, rarely why. Your reasons are what we are after here.',
    ],
    summaryLead: 'How you do the work well',
  },
  {
    stage: 6,
    goal: 'advice to their younger self: what they would tell themselves at the start of their career, and why',
    supportingText: 'Advice to your younger self: what you would tell yourself at the start, and why.',
    questions: [
      'If you could sit down with yourself at the very start of your career, what would you say, and why that?',
      'What do you wish someone had told you in your first years of working, and how would it have changed things?',
      'What would you tell your younger self to worry about less, and what to pay more attention to?',
      'Knowing what you know now, what would you do differently in your first job, and what would you keep exactly the same?',
    ],
    preambles: [
      'Thank you; this is the last question. Everything you have shared so far leads here, so we would like to close with what you would tell the person you were when you started.',
      'We are at the final question. The people you will mentor are where you once were, and your advice to your younger self is, in a way, advice to them.',
      'To finish, we would like to turn the clock back. Imagine meeting yourself before any of the stories you told us today.',
      'One last question, and perhaps the most personal one: what your experience would say to the beginning of your own story.',
    ],
    summaryLead: 'Advice to your younger self',
  },
];

export function interviewStage(stage: number): InterviewStage {
  const found = INTERVIEW_STAGES[stage - 1];
  if (!found || stage > MENTOR_INTERVIEW_STAGE_COUNT) throw new RangeError(`The interview has no stage ${stage}`);
  return found;
}

/** "your work as Staff Engineer at Acme", or as much of it as the mentor gave. */
export function describeRole(profile: { jobTitle?: string; company?: string }): string {
  const title = profile.jobTitle?.trim();
  const company = profile.company?.trim();
  if (title && company) return `your work as ${title} at ${company}`;
  if (title) return `your work as ${title}`;
  return company ? `your work at ${company}` : 'your work';
}

/**
 * The stage's next bank question and preamble: the first not already asked (rejected questions
 * included), so a Different Question never repeats; the bank comes round again once exhausted.
 */
export function bankQuestion(stage: number, asked: readonly string[], profile: { jobTitle?: string; company?: string }): { question: string; preamble: string } {
  const { questions, preambles } = interviewStage(stage);
  const unasked = questions.findIndex((question) => !asked.includes(question));
  const index = unasked === -1 ? asked.length % questions.length : unasked;
  const preamble = preambles[index % preambles.length]!.replace('{role}', describeRole(profile));
  return { question: questions[index]!, preamble };
}
