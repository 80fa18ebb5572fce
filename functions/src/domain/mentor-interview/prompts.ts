import type { ChatTurn } from '../../providers/llm/types.ts';
import { clip } from '../reflection/prompts.ts';
import { describeRole, INTERVIEW_STAGES, interviewStage } from './stages.ts';

/** What the prompts know of the mentor: their sign-up answers. */
export interface MentorProfileFacts {
  firstName: string;
  jobTitle?: string;
  company?: string;
  industry?: string;
  careerStage?: string;
}

/** An answered stage as the coach reads it. */
export interface AnsweredStage {
  stage: number;
  question: string;
  answer: string;
}

/** Answers are cut in the question prompt (the gist is enough), kept nearly whole for insights. */
const ANSWER_CHARS = 1_200;
const INSIGHT_ANSWER_CHARS = 4_000;

const INTERVIEWER_ROLE =
  'You are the interviewer of MELD, a mentorship programme. You interview an experienced professional who volunteered to mentor people early in their careers; ' +
  'their answers will help match and prepare them. You are warm, curious and concise, and you never invent facts about them.';

export function describeMentor(profile: MentorProfileFacts): string {
  const parts = [`First name: ${profile.firstName}`, `Role: ${describeRole(profile).replace(/^your work/, 'works')}`];
  if (profile.industry) parts.push(`Industry: ${profile.industry}`);
  if (profile.careerStage) parts.push(`Career stage: ${profile.careerStage}`);
  return parts.join('\n');
}

function answeredLines(answers: readonly AnsweredStage[], max: number): string {
  if (answers.length === 0) return 'No answers yet: this is the first question.';
  return answers.map((answer) => `Question ${answer.stage}: ${answer.question}\nAnswer: "${clip(answer.answer, max)}"`).join('\n\n');
}

/**
 * The question for one stage, with a preamble that builds on what the mentor said before. The
 * reply is asked for in two labelled lines, which every model manages and `parseQuestionReply` reads.
 */
export function questionPrompt(stage: number, profile: MentorProfileFacts, answers: readonly AnsweredStage[], avoid: readonly string[]): ChatTurn[] {
  const { goal } = interviewStage(stage);
  const avoidLine = avoid.length > 0 ? `\nDo not ask these questions again (the mentor asked for a different one):\n${avoid.map((question) => `- ${question}`).join('\n')}` : '';
  return [
    {
      role: 'system',
      content:
        `${INTERVIEWER_ROLE} Write question ${stage} of ${INTERVIEW_STAGES.length}. Its goal: ${goal}. ` +
        'First a preamble of one to three sentences that thanks them or picks up a specific detail of their previous answers (quote or name it) and leads into the question; for the first question, refer to their role instead. ' +
        'Then one open question of at most 35 words, ending with a question mark, that serves the goal and fits their role. ' +
        'Answer in exactly this format, nothing else:\nPREAMBLE: <the preamble>\nQUESTION: <the question>',
    },
    { role: 'user', content: `${describeMentor(profile)}\n\nThe interview so far:\n${answeredLines(answers, ANSWER_CHARS)}${avoidLine}` },
  ];
}

/** The welcome page's introduction, addressed to the mentor by name; voice is offered only when recordings can be transcribed. */
export function introPrompt(profile: MentorProfileFacts, voice: boolean): ChatTurn[] {
  const ways = voice ? 'they can answer by voice or in writing' : 'they answer in writing (do not mention voice, recording or speaking)';
  return [
    {
      role: 'system',
      content:
        `${INTERVIEWER_ROLE} Write the welcome text of the interview page, speaking to the mentor as "you": two to four sentences that thank them for volunteering, ` +
        `say their experience in their role matters to the people they will mentor, and explain there are ${INTERVIEW_STAGES.length} questions ${ways}, at their own pace. ` +
        'Plain prose, no greeting line (the page already says hello), no lists, no headings.',
    },
    { role: 'user', content: describeMentor(profile) },
  ];
}

/** The insights that close the interview: what the six answers say, in the mentor's own words. */
export function insightsPrompt(profile: MentorProfileFacts, answers: readonly AnsweredStage[]): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        `${INTERVIEWER_ROLE} The interview is finished. Write the insights the mentor reads at the end, speaking to them as "you": ` +
        'three or four short paragraphs on the themes that run through their answers, their strengths as a mentor, and what the people they mentor can learn from them. ' +
        'Quote their own words in double quotation marks at least three times, exactly as they wrote them. Plain prose, no headings, no lists, no advice to them.',
    },
    { role: 'user', content: `${describeMentor(profile)}\n\nTheir answers:\n${answeredLines(answers, INSIGHT_ANSWER_CHARS)}` },
  ];
}
