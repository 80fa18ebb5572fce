import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as ChatRoute } from '../../routes/chat-route.tsx';
import { sseStream } from '../../test/chat-fixtures.tsx';

/* The chat screen with a demo, an Anthropic, an OpenAI and a Bedrock endpoint, for the composer's tests. */

/** Claude 3.7 through Bedrock, which (unlike Anthropic's own API) still takes temperature and top P. */
export const BEDROCK_CLAUDE = 'us.anthropic.claude-3-7-sonnet-20250219-v1:0';

export const testEndpoints = {
  demo: { type: 'demo', label: 'Demo', order: 0, userProvide: false, demo: true },
  anthropic: { type: 'anthropic', label: 'Anthropic', order: 1, userProvide: false, demo: false },
  openAI: { type: 'openAI', label: 'OpenAI', order: 2, userProvide: false, demo: false },
  bedrock: { type: 'bedrock', label: 'AWS Bedrock', order: 3, userProvide: false, demo: false },
};
export const testModels = { demo: ['meld-demo'], anthropic: ['claude-3-7-sonnet-latest', 'claude-3-5-haiku-latest'], openAI: ['gpt-4o-mini'], bedrock: [BEDROCK_CLAUDE] };
export const SEP = '\u0000';

export function renderComposer(path: string, routes: ApiMocks = {}, config = testConfig()) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({
    getConfig: config,
    listEndpoints: testEndpoints,
    listModels: testModels,
    listPresets: [],
    askDemo: sseStream().response,
    askAnthropic: sseStream().response,
    askOpenAI: sseStream().response,
    bedrockChat: sseStream().response,
    ...routes,
  });
  renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], path);
  return fetchSpy;
}

export async function chooseModel(endpoint: string, model: string) {
  const menu = await screen.findByRole('combobox', { name: 'Model' });
  await waitFor(() => expect(menu).toBeEnabled());
  await userEvent.selectOptions(menu, `${endpoint}${SEP}${model}`);
}

export async function openParameters() {
  await userEvent.click(screen.getByRole('button', { name: 'Parameters' }));
  return screen.findByRole('dialog', { name: 'Conversation parameters' });
}

export async function send(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}
