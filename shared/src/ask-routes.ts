import type { RouteName } from './routes.ts';
import type { AskEndpoint } from './schemas/chat.ts';

/** The streaming chat route of each endpoint kind; every custom endpoint shares one. */
export const ASK_ROUTES = {
  openAI: 'askOpenAI',
  azureOpenAI: 'askAzureOpenAI',
  custom: 'askCustom',
  anthropic: 'askAnthropic',
  google: 'askGoogle',
  bedrock: 'bedrockChat',
  demo: 'askDemo',
} as const satisfies Record<AskEndpoint, RouteName>;

export type AskRouteName = (typeof ASK_ROUTES)[AskEndpoint];

/** The route a message to an endpoint of kind `kind` (as `GET /api/endpoints` names it) is sent to. */
export function askRouteName(kind: string): AskRouteName {
  if (!Object.hasOwn(ASK_ROUTES, kind)) throw new Error(`No chat route for endpoint kind "${kind}"`);
  return ASK_ROUTES[kind as AskEndpoint];
}
