import { OPERATOR_TEXT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { demoReply } from '../providers/llm/demo.ts';
import { coachUnavailable } from './coach-chats/threads.ts';
import { NO_WRITER_MESSAGE } from './north-star/north-star.ts';

describe('what members read when no model is set up', () => {
  it('says what is not available, never how the deployment sets it up', () => {
    const messages = { coachRefusal: coachUnavailable().message, offlineDemoReply: demoReply('How should I plan my week?'), narrativeRefusal: NO_WRITER_MESSAGE };
    for (const [name, text] of Object.entries(messages)) expect({ name, text, operatorText: OPERATOR_TEXT.test(text) }).toEqual({ name, text, operatorText: false });
  });
});
