import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { coachReply } from '../../../domain/north-star/__fixtures__/evidence.ts';
import { startFakeAnthropic } from '../../../providers/llm/__fakes__/anthropic-server.ts';
import { startFakeGoogle } from '../../../providers/llm/__fakes__/google-server.ts';
import { startFakeOpenAI } from '../../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../../providers/llm/__fakes__/sse-server.ts';

/** The custom endpoint the matrix's coach, agents and speech engine reach. */
export const MATRIX_ENDPOINT = 'Matrix';
export const MATRIX_MODEL = 'matrix-model';
export const USER_KEY_ENDPOINT = 'Gateway';

/**
 * A local OpenAI-compatible server for the routes that need a model to succeed (the coach chats,
 * the North-Star narrative, the agents, the voice notes). It answers every prompt with a valid
 * narrative: a coach reply or an agent's answer may be any text, the narrative must be this JSON.
 */
export function startMatrixModel(): Promise<FakeServer> {
  return startFakeOpenAI({ tokens: [JSON.stringify(coachReply())], transcript: 'Remember to thank Ana for the review' });
}

/**
 * Local fakes of the Anthropic and Google APIs, and Bedrock's ConverseStream mocked in the SDK (the
 * gateway runs in this process), so their chat routes reach a reply for the owner.
 */
export async function startChatProviders() {
  const [anthropic, google] = await Promise.all([startFakeAnthropic(), startFakeGoogle()]);
  const bedrock = mockClient(BedrockRuntimeClient);
  bedrock.on(ConverseStreamCommand).callsFake(() => ({ stream: bedrockReply(), $metadata: {} }));
  return {
    anthropic,
    google,
    close: async () => {
      bedrock.restore();
      await Promise.all([anthropic.close(), google.close()]);
    },
  };
}

async function* bedrockReply() {
  yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Hello from Bedrock' } } };
  yield { messageStop: { stopReason: 'end_turn' as const } };
}
export type ChatProviders = Awaited<ReturnType<typeof startChatProviders>>;

/**
 * The app config of the matrix's stack: the fake as a custom endpoint, the coach and the speech
 * engine; OpenAI and Azure through the same fake, Anthropic, Google and Bedrock through theirs.
 */
export function matrixConfig(model: FakeServer, providers: ChatProviders) {
  const baseURL = `${model.url}/v1`;
  return {
    endpoints: {
      openAI: { apiKey: 'sk-matrix', baseURL, models: [MATRIX_MODEL] },
      azureOpenAI: { apiKey: 'az-matrix', endpoint: model.url, apiVersion: '2024-10-21', models: [MATRIX_MODEL] },
      anthropic: { apiKey: 'sk-ant-matrix', baseURL: providers.anthropic.url, models: [MATRIX_MODEL] },
      google: { apiKey: 'goog-matrix', baseURL: providers.google.url, models: [MATRIX_MODEL] },
      bedrock: { region: 'eu-north-1', models: [MATRIX_MODEL] },
      custom: [
        { name: MATRIX_ENDPOINT, apiKey: 'sk-matrix', baseURL, models: [MATRIX_MODEL] },
        // An endpoint that takes the user's own key, for the keys routes.
        { name: USER_KEY_ENDPOINT, apiKey: 'user_provided', baseURL, models: [MATRIX_MODEL] },
      ],
    },
    coach: { endpoint: MATRIX_ENDPOINT, model: MATRIX_MODEL },
    speech: { stt: { engine: 'openai', baseURL, apiKey: 'sk-matrix-stt', model: 'whisper-1' }, tts: { engine: 'openai', baseURL, apiKey: 'sk-matrix-tts', voice: 'nova' } },
    // Every public form is sent once per caller, all from one address: its default limit would ban it.
    rateLimits: {
      interest: { max: 100, windowMinutes: 60 },
      ...Object.fromEntries(['passwordReset', 'verifyEmail', 'twoFactor'].map((name) => [name, { max: 1000, windowMinutes: 60 }])),
    },
    // The reset and verification links come back in the reply (e-mail is off), so the matrix can follow them.
    email: { returnLinks: true },
  };
}
