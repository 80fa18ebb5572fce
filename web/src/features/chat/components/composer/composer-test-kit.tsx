import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { useModelChoice } from '../../hooks/use-model-choice.ts';
import type { SendOutcome } from '../../lib/send-outcome.ts';
import { Component as ChatRoute } from '../../routes/chat-route.tsx';
import { sseStream } from '../../test/chat-fixtures.tsx';
import type { MessageFile } from './attachments-state.ts';
import { Composer } from './composer.tsx';

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

function mockChatApi(routes: ApiMocks, config: ReturnType<typeof testConfig>) {
  setSession('tok', testUser, { broadcast: false });
  return mockApi({
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
}

export function renderComposer(path: string, routes: ApiMocks = {}, config = testConfig()) {
  const fetchSpy = mockChatApi(routes, config);
  renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], path);
  return fetchSpy;
}

export type SendSpy = (text: string, files: MessageFile[]) => Promise<SendOutcome | void>;

/** The composer alone on a new chat, sending through `onSend`: what a send came to is the test's to say. */
export function renderBareComposer(onSend: SendSpy, routes: ApiMocks = {}, config = testConfig()) {
  const fetchSpy = mockChatApi(routes, config);
  function BareComposer() {
    const models = useModelChoice(null);
    return <Composer conversationId={null} models={models} streaming={false} onSend={onSend} onStop={() => undefined} />;
  }
  const view = renderRoutes([{ path: '/c/:conversationId', element: <BareComposer /> }], '/c/new');
  return { ...view, fetchSpy };
}

/** The model picker's button, named "Model: " and the chosen model's label. */
export const modelPicker = () => screen.getByRole('button', { name: /^Model:/ });

/** The picker names the chosen model by its friendly label; its title is the model id. */
export async function expectModel(label: string, id?: string) {
  await waitFor(() => expect(modelPicker()).toHaveAccessibleName(`Model: ${label}`));
  if (id) expect(modelPicker()).toHaveAttribute('title', id);
}

/** Opens the picker (once the models have loaded) and returns its list. */
export async function openModelPicker() {
  await waitFor(() => expect(modelPicker()).toBeEnabled());
  await userEvent.click(modelPicker());
  return screen.findByRole('listbox', { name: 'Model' });
}

/** Picks an endpoint's model: searches for it, then clicks its row. */
export async function chooseModel(endpoint: string, model: string) {
  await openModelPicker();
  await userEvent.type(screen.getByRole('combobox', { name: 'Search models' }), `${endpoint} ${model}`);
  const row = screen.getAllByRole('option').find((option) => option.title === model);
  if (!row) throw new Error(`No row for ${endpoint} ${model}`);
  await userEvent.click(row);
}

export async function openParameters() {
  await userEvent.click(screen.getByRole('button', { name: 'Parameters' }));
  return screen.findByRole('dialog', { name: 'Conversation parameters' });
}

export async function send(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}
