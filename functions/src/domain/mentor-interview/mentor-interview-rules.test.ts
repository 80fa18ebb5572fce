import { MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { MentorRecord, StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { hashAccessToken, newAccessToken } from './access.ts';
import { resumeStage } from './answers.ts';
import { introduction, summaryInsights } from './closing.ts';
import { parseInsightsReply, parseQuestionReply } from './model-reply.ts';
import { questionPrompt } from './prompts.ts';
import { answersBefore, newResponse } from './questions.ts';
import { bankQuestion, describeRole, INTERVIEW_STAGES } from './stages.ts';

const profile = { firstName: 'Grace', jobTitle: 'Staff Engineer', company: 'Acme' };

function answered(stage: number, text: string, status: StoredMentorResponse['status'] = 'submitted'): StoredMentorResponse {
  return { ...newResponse('mentor-1', stage, { question: `Question ${stage}?`, preamble: 'Preamble', source: 'question-bank' }, '2026-01-01T00:00:00.000Z'), responseText: text, status };
}

describe('interview tokens', () => {
  it('are 64 url-safe characters, different each time, and stored as their SHA-256 in hex', () => {
    const token = newAccessToken();
    expect(token).toMatch(/^[\w-]{64}$/);
    expect(newAccessToken()).not.toBe(token);
    expect(hashAccessToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAccessToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('the six stages', () => {
  it('each have a goal, a supporting text and enough bank questions and preambles for every Different Question', () => {
    expect(INTERVIEW_STAGES.map((stage) => stage.stage)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const stage of INTERVIEW_STAGES) {
      expect(stage.supportingText.length).toBeGreaterThan(20);
      expect(stage.questions.length).toBeGreaterThan(MENTOR_INTERVIEW_LIMITS.differentQuestionsPerStage);
      expect(stage.preambles.length).toBe(stage.questions.length);
      for (const question of stage.questions) expect(question).toMatch(/\?$/);
    }
    expect(new Set(INTERVIEW_STAGES.flatMap((stage) => stage.questions)).size).toBe(MENTOR_INTERVIEW_STAGE_COUNT * 4);
  });

  it('take the next bank question not yet asked, so a Different Question never repeats one', () => {
    const asked: string[] = [];
    for (let round = 0; round <= MENTOR_INTERVIEW_LIMITS.differentQuestionsPerStage; round++) {
      const { question } = bankQuestion(2, asked, profile);
      expect(asked).not.toContain(question);
      asked.push(question);
    }
  });

  it('name the mentor’s role in the bank preambles, as far as they gave it', () => {
    expect(bankQuestion(1, [], profile).preamble).toContain('your work as Staff Engineer at Acme');
    expect(describeRole({ jobTitle: 'Nurse' })).toBe('your work as Nurse');
    expect(describeRole({})).toBe('your work');
    for (const stage of INTERVIEW_STAGES) for (const index of stage.questions.keys()) expect(bankQuestion(stage.stage, stage.questions.slice(0, index), {}).preamble).not.toContain('{role}');
  });
});

describe('reading the coach model’s question', () => {
  it('takes the labelled preamble and question', () => {
    const reply = 'PREAMBLE: Thank you for the story about the night shift: it shows how you lead.\nQUESTION: What was the hardest decision you made as a new manager?';
    expect(parseQuestionReply(reply)).toEqual({ preamble: 'Thank you for the story about the night shift: it shows how you lead.', question: 'What was the hardest decision you made as a new manager?' });
  });

  it('reads markdown labels, lines that wrap, and JSON in a fenced block', () => {
    const markdown = '**Preamble:** You said "ship small" twice,\nwhich says a lot.\n\n**Question:** Where did that habit come from?';
    expect(parseQuestionReply(markdown)).toEqual({ preamble: 'You said "ship small" twice, which says a lot.', question: 'Where did that habit come from?' });
    const json = '```json\n{"preamble": "Thank you for sharing that turning point.", "question": "Which decision did it lead to next?"}\n```';
    expect(parseQuestionReply(json)).toEqual({ preamble: 'Thank you for sharing that turning point.', question: 'Which decision did it lead to next?' });
  });

  it('keeps a bare question and leaves the preamble to the bank', () => {
    expect(parseQuestionReply('Great answer! What would you tell your younger self?')).toEqual({ question: 'What would you tell your younger self?', preamble: null });
  });

  it('refuses a reply with no question, one far too long, and one the mentor already turned down', () => {
    expect(parseQuestionReply('PREAMBLE: Thanks.\nQUESTION: Tell me more.')).toBeNull();
    expect(parseQuestionReply('')).toBeNull();
    expect(parseQuestionReply(`QUESTION: ${'very '.repeat(80)}long?`)).toBeNull();
    expect(parseQuestionReply('QUESTION: What was your hardest call?', ['What was your hardest call?'])).toBeNull();
  });
});

describe('the insights', () => {
  it('take the model’s text only when it quotes the mentor and has a sensible length', () => {
    const quoting = 'You keep coming back to people. When you wrote "I only learned by shipping", you named the thread that runs through all six answers.\n\nThat is what you will pass on.';
    expect(parseInsightsReply(quoting)).toBe(quoting);
    expect(parseInsightsReply('You are a thoughtful leader who values growth, learning and people; your mentees will benefit greatly.')).toBeNull();
    expect(parseInsightsReply('"Too short"')).toBeNull();
  });

  it('fall back to a summary quoting each answer’s opening words under its theme', () => {
    const answers = INTERVIEW_STAGES.map((stage) => ({ stage: stage.stage, question: stage.questions[0]!, answer: `Answer ${stage.stage} starts here. ${'More detail follows. '.repeat(30)}` }));
    const summary = summaryInsights('Grace', answers);
    expect(summary).toMatch(/^Thank you, Grace\./);
    for (const stage of INTERVIEW_STAGES) expect(summary).toContain(`${stage.summaryLead}: “Answer ${stage.stage} starts here.`);
    expect(summary.length).toBeLessThan(6 * 320 + 400);
  });
});

describe('where an interview stands', () => {
  it('resumes at the first stage not yet approved, and past the last when all six are', () => {
    expect(resumeStage([])).toBe(1);
    expect(resumeStage([answered(1, 'a'), answered(2, 'b', 'draft')])).toBe(2);
    expect(resumeStage([1, 2, 3, 4, 5, 6].map((stage) => answered(stage, 'x')))).toBe(7);
  });

  it('builds each question on the earlier answers with text, the one just sent standing in for its stored one', () => {
    const responses = [answered(1, 'I moved to Lagos.'), answered(2, 'old draft', 'draft'), answered(3, '', 'rejected')];
    expect(answersBefore(responses, 3, { stage: 2, text: 'The newest text' }).map((answer) => answer.answer)).toEqual(['I moved to Lagos.', 'The newest text']);
    const prompt = questionPrompt(3, profile, answersBefore(responses, 3), ['Question 3?']).map((turn) => turn.content).join('\n');
    expect(prompt).toContain('Answer: "I moved to Lagos."');
    expect(prompt).toContain('Role: works as Staff Engineer at Acme');
    expect(prompt).toContain('- Question 3?');
    expect(prompt).toContain('QUESTION: <the question>');
  });
});

describe('the welcome introduction', () => {
  const mentor = { id: 'mentor-1', firstName: 'Grace', jobTitle: 'Staff Engineer', company: 'Acme' } as MentorRecord;
  const deps = (written: string) => {
    const saved: Partial<MentorRecord>[] = [];
    return {
      saved,
      coach: { complete: async () => written } as unknown as Parameters<typeof introduction>[1]['coach'],
      onCoachError: () => undefined,
      updateMentorRecord: async (_id: string, change: Partial<MentorRecord>) => (saved.push(change), undefined),
    };
  };
  const now = new Date('2026-03-10T09:00:00Z');

  it('is written again when voice answers come or go, so it never offers voice that does not work', async () => {
    const kept = { mentor: { ...mentor, introduction: 'Answer by voice or in writing.', introductionSource: 'model' as const, introductionVoice: true }, responses: [] };
    const voiceless = deps('Thank you, Grace. Six questions, answered in writing at your own pace.');
    expect(await introduction(kept, voiceless, now, false)).toEqual({ introduction: 'Thank you, Grace. Six questions, answered in writing at your own pace.', source: 'model' });
    expect(voiceless.saved).toMatchObject([{ introductionVoice: false }]);
    // Kept while voice stays as it was.
    const same = deps('unused');
    expect(await introduction(kept, same, now, true)).toEqual({ introduction: 'Answer by voice or in writing.', source: 'model' });
    expect(same.saved).toEqual([]);
    // One kept before the flag was written offering voice.
    const legacy = { mentor: { ...mentor, introduction: 'Answer by voice or in writing.', introductionSource: 'model' as const }, responses: [] };
    expect((await introduction(legacy, deps('Six questions, in writing.'), now, false)).introduction).toBe('Six questions, in writing.');
  });
});
