import { parseAppConfig, routeList, type RouteDef, type RouteName } from '@meld/shared';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TEST_APP_CONFIG } from '../../../local/test-stack.ts';
import { startFakeOpenAI } from '../../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../../providers/llm/__fakes__/sse-server.ts';
import { registerMember, startApi, type Api } from '../../api-test-kit.ts';
import { invitedMentor, signUpAdmin } from '../../mentor-interview/interview-test-kit.ts';
import type { World } from './fixtures.ts';
import { fuzzRoute } from './fuzz-route.ts';

/**
 * Every rate limit out of reach: a 429 would be a fine answer, but the violations behind it add up
 * to a ban that would turn every later route's answer into the same 403.
 */
const UNLIMITED = { max: 1_000_000, windowMinutes: 1 };
/** A fake OpenAI-compatible model is the coach, so coach threads exist and an accepted question needs no network. */
const configWith = (model: FakeServer) => ({
  rateLimits: Object.fromEntries(Object.keys(parseAppConfig(TEST_APP_CONFIG).rateLimits).map((name) => [name, UNLIMITED])),
  concurrentMessages: { max: 1_000_000 },
  endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-fuzz', baseURL: `${model.url}/v1`, models: ['gpt-4o-mini'] } },
  coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
});

/** The handler folders this file fuzzes, so the routes split across files (and test workers). */
export function fuzzRoutesUnder(title: string, folders: readonly string[]) {
  const picked = routeList.filter((route) => folders.includes(route.handler.split('/')[0]!));
  let model: FakeServer | undefined;
  let api: Api | undefined;
  let world: World;

  beforeAll(async () => {
    model = await startFakeOpenAI({ tokens: ['Noted', '.'] });
    api = await startApi({ config: configWith(model) });
    const client = api.client();
    const member = await registerMember(client);
    const admin = await signUpAdmin(client);
    const bystander = await registerMember(client);
    const userIdOf = (response: { json: unknown }) => (response.json as { user: { id: string } }).user.id;
    world = {
      client,
      member: { userId: userIdOf(member.response), headers: { authorization: `Bearer ${member.token}` } },
      admin: { userId: admin.userId, headers: { authorization: `Bearer ${admin.token}` } },
      bystanderId: userIdOf(bystander.response),
      mentorToken: (await invitedMentor(client, admin)).token,
    };
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await model?.close();
  });

  describe(title, () => {
    it.each(picked.map((route) => [`${route.method} ${route.path}`, route] as [string, RouteDef & { name: RouteName }]))(
      '%s refuses bad input with a 4xx and a message, leaks no stack, pollutes no prototype and changes no stored data',
      async (_, route) => fuzzRoute(route, world),
      120_000,
    );
  });
  return picked;
}
