import { describe, expect, it } from 'vitest';
import { chatRequest } from './__fakes__/collect.ts';
import { anthropicParams } from './anthropic.ts';
import { bedrockInput } from './bedrock.ts';
import { googleParams } from './google.ts';
import { openAIParams } from './openai.ts';
import type { ChatImage, GenerateRequest, ImageDetail } from './types.ts';

/** Each adapter sends an attached image in its provider's own wire format. */

const PIXEL = Buffer.from('89504e470d0a1a0a', 'hex');
const image = (detail: ImageDetail = 'high', mimeType = 'image/png'): ChatImage => ({ mimeType, base64: PIXEL.toString('base64'), detail, tokens: 85 });

function withImage(detail?: ImageDetail, mimeType?: string): GenerateRequest {
  return chatRequest({
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'What is in this picture?', images: [image(detail, mimeType)] },
      { role: 'assistant', content: 'A cat.' },
      { role: 'user', content: 'And its colour?' },
    ],
  });
}

describe('image parts', () => {
  it('OpenAI: text then an image_url part carrying a data URL and the detail; turns without images stay plain text', () => {
    const { messages } = openAIParams(withImage('low'), 'custom');
    expect(messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL.toString('base64')}`, detail: 'low' } },
      ],
    });
    expect(messages[3]).toEqual({ role: 'user', content: 'And its colour?' });
  });

  it('Anthropic: a base64 image block before the text', () => {
    const { messages } = anthropicParams({ ...withImage(), model: 'claude-sonnet-4-5' });
    expect(messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL.toString('base64') } },
        { type: 'text', text: 'What is in this picture?' },
      ],
    });
    expect(messages[2]).toEqual({ role: 'user', content: 'And its colour?' });
  });

  it('Google: an inlineData part after the text, with the detail as the media resolution', () => {
    const params = googleParams({ ...withImage('low'), model: 'gemini-2.5-flash' });
    expect(params.contents).toContainEqual({ role: 'user', parts: [{ text: 'What is in this picture?' }, { inlineData: { mimeType: 'image/png', data: PIXEL.toString('base64') } }] });
    expect(params.config?.mediaResolution).toBe('MEDIA_RESOLUTION_LOW');
    expect(googleParams({ ...withImage('auto'), model: 'gemini-2.5-flash' }).config?.mediaResolution).toBeUndefined();
  });

  it('Bedrock: the raw bytes with their format; a format Converse does not take is left out', () => {
    const input = bedrockInput({ ...withImage('high', 'image/jpeg'), model: 'amazon.nova-pro-v1:0' });
    const content = input.messages?.[0]?.content ?? [];
    expect(content[0]).toEqual({ text: 'What is in this picture?' });
    expect(content[1]?.image?.format).toBe('jpeg');
    expect(Buffer.from(content[1]?.image?.source?.bytes ?? [])).toEqual(PIXEL);
    const svg = bedrockInput({ ...withImage('high', 'image/svg+xml'), model: 'amazon.nova-pro-v1:0' });
    expect(svg.messages?.[0]?.content).toEqual([{ text: 'What is in this picture?' }]);
  });
});
