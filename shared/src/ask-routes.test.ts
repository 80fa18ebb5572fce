import { describe, expect, it } from 'vitest';
import { ASK_ROUTES, askRouteName } from './ask-routes.ts';
import { routeList, routes } from './routes.ts';
import { askBody, ASK_ENDPOINTS } from './schemas/chat.ts';

describe('askRouteName', () => {
  it('sends each endpoint kind to its own streaming route taking the ask body', () => {
    for (const kind of ASK_ENDPOINTS) {
      const route = routes[askRouteName(kind)];
      expect(route, kind).toMatchObject({ method: 'POST', streaming: true, body: askBody });
    }
    expect(routes[askRouteName('openAI')].path).toBe('/api/ask/openAI');
    expect(routes[askRouteName('custom')].path).toBe('/api/ask/custom');
    expect(routes[askRouteName('bedrock')].path).toBe('/api/bedrock/chat');
  });

  it('gives every streaming chat route of the table to exactly one kind', () => {
    // Coach threads stream too, but always on the configured coach model; the agent chat runs on its
    // agent's provider; text to speech streams audio: none belongs to an endpoint kind.
    const streaming = routeList.filter((route) => route.streaming && route.handler.startsWith('ask/')).map((route) => route.name);
    expect(Object.values(ASK_ROUTES).sort()).toEqual(streaming.sort());
    expect(routeList.filter((route) => route.streaming && !route.handler.startsWith('ask/')).map((route) => route.name).sort()).toEqual(['agentsChat', 'askCoach', 'textToSpeech']);
  });

  it('refuses a kind that has no chat route rather than guessing one', () => {
    expect(() => askRouteName('gptPlugins')).toThrow(/gptPlugins/);
    expect(() => askRouteName('toString')).toThrow(/toString/);
  });
});
