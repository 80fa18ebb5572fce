import { REFRESH_COOKIE } from '@meld/shared';
import { URI, type TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestTime } from '../../../http/clock.ts';
import { getTwoFactor } from '../../../store/two-factor-store.ts';
import { getUser } from '../../../store/user-store.ts';
import type { ApiClient } from '../../api-test-kit.ts';
import type { Agent } from '@meld/shared';
import { agentTools } from '../../../domain/agents/agent-tools.ts';
import { actionLimits, agentDeps } from '../../agents/agent-deps.ts';
import { AGENT_TEST_CONFIG, agentMember } from '../../agents/agent-test-kit.ts';
import { askStream } from '../../ask/ask-stream-client.ts';
import { newMember, useApi } from '../../api-test-kit.ts';

/**
 * Every log line on (the test stack keeps only warnings); links come back in replies (decision
 * 0009) so the reset token can be followed; a user-keyed endpoint; actions on this machine.
 */
const api = useApi({
  env: { POWERTOOLS_LOG_LEVEL: 'DEBUG' },
  config: {
    endpoints: { ...AGENT_TEST_CONFIG.endpoints, custom: [{ name: 'Gateway', apiKey: 'user_provided', baseURL: 'https://gateway.example.com/v1', models: ['llama'] }] },
    email: { returnLinks: true },
    actions: { allowedDomains: ['127.0.0.1'] },
  },
});

/** Everything a handler or the gateway writes while the flows run. */
const logged: string[] = [];
beforeEach(() => {
  logged.length = 0;
  const keep = (...parts: unknown[]) => void logged.push(parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part) ?? String(part))).join(' '));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(keep);
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      keep(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** Every answer a flow got: which call, and its whole body. */
interface Answer {
  call: string;
  body: string;
}

function recording(client: ApiClient, answers: Answer[], token?: string) {
  return async <T = unknown>(method: string, path: string, json?: unknown) => {
    const headers = token ? { authorization: `Bearer ${token}` } : undefined;
    const response = await client.request<T>(method, path, { ...(headers ? { headers } : {}), ...(json === undefined ? {} : { json }) });
    answers.push({ call: `${method} ${path}`, body: response.text });
    return response;
  };
}

const refreshTokenIn = (setCookies: string[]) => setCookies.find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`) && !cookie.startsWith(`${REFRESH_COOKIE}=;`))?.split(';')[0]!.slice(REFRESH_COOKIE.length + 1);
const PASSWORD_HASH = /\$2[aby]\$\d\d\$/;

describe('secrets stay out of answers and logs', () => {
  it('registers, signs in with two-factor, refreshes, resets, saves keys, chats and uses an action without leaking a secret', async () => {
    const answers: Answer[] = [];
    const client = api().client();
    const anonymous = recording(client, answers);
    const password = `Lighthouse-${Date.now()}-keeper`;
    const member = newMember({ password, confirm_password: password });
    const registered = await anonymous<{ token: string; user: { id: string } }>('POST', '/api/auth/register', member);
    expect(registered.status).toBe(201);
    const userId = registered.json.user.id;
    const call = recording(client, answers, registered.json.token);

    const enabled = await call<{ otpauthUrl: string; backupCodes: string[] }>('GET', '/api/auth/2fa/enable');
    const totp = URI.parse(enabled.json.otpauthUrl) as TOTP;
    expect((await call('POST', '/api/auth/2fa/verify', { token: totp.generate({ timestamp: requestTime().getTime() }) })).status).toBe(200);

    const wrongPassword = `Not-${member.password}`;
    expect((await anonymous('POST', '/api/auth/login', { email: member.email, password: wrongPassword })).status).toBe(401);
    const login = await anonymous<{ tempToken: string }>('POST', '/api/auth/login', { email: member.email, password: member.password });
    const verified = await anonymous<{ token: string }>('POST', '/api/auth/2fa/verify-temp', { tempToken: login.json.tempToken, backupCode: enabled.json.backupCodes[0] });
    expect(verified.status).toBe(200);
    const refreshed = await anonymous<{ token: string }>('POST', '/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    const refreshTokens = [verified, refreshed].map((response) => refreshTokenIn(response.setCookies));
    expect(refreshTokens.every(Boolean)).toBe(true);

    const reset = await anonymous<{ link: string }>('POST', '/api/auth/requestPasswordReset', { email: member.email });
    const resetToken = new URL(reset.json.link).searchParams.get('token')!;
    expect(resetToken.length).toBeGreaterThan(16);

    const providerKey = `sk-live-${crypto.randomUUID()}`;
    expect((await call('PUT', '/api/keys', { name: 'Gateway', value: providerKey, expiresAt: null })).status).toBe(200);
    await call('GET', '/api/keys');

    const chat = await askStream(api().baseUrl, '/api/ask/demo', refreshed.json.token, { model: 'meld-demo', endpoint: 'demo', text: `My key is safe, right? ${member.email}`, conversationId: null });
    expect(chat.status).toBe(200);
    answers.push({ call: 'POST /api/ask/demo', body: chat.text });

    const actionKey = `action-key-${crypto.randomUUID()}`;
    const author = await agentMember(client);
    const agent = await author.createAgent({ name: 'Key keeper' });
    const authorCall = recording(client, answers, author.token);
    const document = `openapi: 3.0.3\ninfo: { title: Quotes, version: '1' }\nservers:\n  - url: http://127.0.0.1:9/api\npaths:\n  /quotes:\n    get:\n      operationId: getQuote\n`;
    const saved = await authorCall('POST', `/api/agents/actions/${agent.id}`, { metadata: { domain: '127.0.0.1', raw_spec: document, auth: { type: 'service_http', authorization_type: 'bearer', api_key: actionKey } } });
    expect(saved.status).toBe(200);
    await authorCall('GET', '/api/agents/actions');
    const loaded = await authorCall<Agent>('GET', `/api/agents/${agent.id}`);
    // The action's tool calls a server that is not there: its error goes to the model, so it is an answer too.
    const tool = (await agentTools(loaded.json, agentDeps, actionLimits())).find((candidate) => candidate.name.startsWith('getQuote'))!;
    const context = { userId: loaded.json.author, conversationId: 'c', messageId: 'm', toolCallId: 't', fileIds: [], signal: new AbortController().signal, now: new Date() };
    const ran = await tool.run({}, context);
    expect(ran.output).toContain('ECONNREFUSED');
    answers.push({ call: 'action tool getQuote', body: ran.output });
    await call('POST', '/api/auth/logout');

    const user = await getUser(userId);
    const twoFactor = await getTwoFactor(userId);
    const secret = totp.secret.base32;
    const never: Record<string, string[]> = {
      password: [member.password, wrongPassword],
      'password hash': [user!.passwordHash!],
      'refresh token': refreshTokens as string[],
      'TOTP secret (sealed)': [JSON.stringify(twoFactor!.secret)],
      'backup code hash': twoFactor!.backupCodes.map((code) => code.codeHash),
      'provider key': [providerKey],
      'action API key': [actionKey],
      'JWT signing secret': [process.env.MELD_JWT_SECRET!],
      'key-encryption secret': [process.env.MELD_USER_KEY_SECRET!],
    };
    /** What the user must see once, and only where: in no other answer and in no log. */
    const onlyIn: Record<string, { values: string[]; calls: string[] }> = {
      'access token': { values: [registered.json.token, verified.json.token, refreshed.json.token], calls: ['POST /api/auth/register', 'POST /api/auth/2fa/verify-temp', 'POST /api/auth/refresh'] },
      'TOTP secret': { values: [secret], calls: ['GET /api/auth/2fa/enable'] },
      'backup codes': { values: enabled.json.backupCodes, calls: ['GET /api/auth/2fa/enable'] },
      'two-factor temporary token': { values: [login.json.tempToken], calls: ['POST /api/auth/login'] },
      'reset token': { values: [resetToken], calls: ['POST /api/auth/requestPasswordReset'] },
    };

    expect(answers.length).toBe(16);
    // The access log writes a line per request, so the capture saw the handlers' logger.
    expect(logged.filter((line) => line.includes('"request"')).length).toBeGreaterThanOrEqual(answers.length);
    const leaks: string[] = [];
    for (const [what, values] of Object.entries(never)) {
      for (const value of values) {
        for (const answer of answers) if (answer.body.includes(value)) leaks.push(`${what} in the answer to ${answer.call}`);
        if (logged.some((line) => line.includes(value))) leaks.push(`${what} in the logs`);
      }
    }
    for (const [what, { values, calls }] of Object.entries(onlyIn)) {
      for (const value of values) {
        for (const answer of answers) if (!calls.includes(answer.call) && answer.body.includes(value)) leaks.push(`${what} in the answer to ${answer.call}`);
        if (logged.some((line) => line.includes(value))) leaks.push(`${what} in the logs`);
      }
    }
    for (const answer of answers) if (PASSWORD_HASH.test(answer.body)) leaks.push(`a bcrypt hash in the answer to ${answer.call}`);
    if (logged.some((line) => PASSWORD_HASH.test(line))) leaks.push('a bcrypt hash in the logs');
    expect(leaks).toEqual([]);
  });
});
