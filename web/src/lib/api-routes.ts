import type { RouteName, Routes } from '@meld/shared';

/**
 * Method, path and auth level of every API route, mirrored from `routes` in @meld/shared.
 *
 * Why a mirror: the shared table also carries the zod schemas, and importing it would put zod in
 * every page's JavaScript, the login page's included. The type below pins each entry to the
 * literal types of the shared table, so a renamed path, a changed method or a route added to
 * @meld/shared fails type-checking here; api-routes.test.ts also compares the values at run time.
 */
type RouteMeta = { readonly [N in RouteName]: Pick<Routes[N], 'method' | 'path' | 'auth'> };

export const apiRoutes = {
  health: { method: 'GET', path: '/health', auth: 'public' },
  getConfig: { method: 'GET', path: '/api/config', auth: 'public' },
  getBanner: { method: 'GET', path: '/api/banner', auth: 'public' },
  oauthCallback: { method: 'GET', path: '/oauth/callback', auth: 'public' },
  oauthStart: { method: 'GET', path: '/oauth/{provider}', auth: 'public' },
  validateSignupCode: { method: 'POST', path: '/api/auth/validate-signup-code', auth: 'public' },
  register: { method: 'POST', path: '/api/auth/register', auth: 'public' },
  login: { method: 'POST', path: '/api/auth/login', auth: 'public' },
  refresh: { method: 'POST', path: '/api/auth/refresh', auth: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', auth: 'public' },
  getUser: { method: 'GET', path: '/api/user', auth: 'user' },
  enableTwoFactor: { method: 'GET', path: '/api/auth/2fa/enable', auth: 'user' },
  confirmTwoFactor: { method: 'POST', path: '/api/auth/2fa/confirm', auth: 'user' },
  verifyTwoFactor: { method: 'POST', path: '/api/auth/2fa/verify', auth: 'user' },
  verifyTwoFactorTemp: { method: 'POST', path: '/api/auth/2fa/verify-temp', auth: 'public' },
  disableTwoFactor: { method: 'POST', path: '/api/auth/2fa/disable', auth: 'user' },
  regenerateBackupCodes: { method: 'POST', path: '/api/auth/2fa/backup/regenerate', auth: 'user' },
  listConvos: { method: 'GET', path: '/api/convos', auth: 'user' },
  getConvo: { method: 'GET', path: '/api/convos/{conversationId}', auth: 'user' },
  updateConvo: { method: 'POST', path: '/api/convos/update', auth: 'user' },
  deleteConvo: { method: 'DELETE', path: '/api/convos', auth: 'user' },
  deleteAllConvos: { method: 'DELETE', path: '/api/convos/all', auth: 'user' },
  duplicateConvo: { method: 'POST', path: '/api/convos/duplicate', auth: 'user' },
  forkConvo: { method: 'POST', path: '/api/convos/fork', auth: 'user' },
  genTitle: { method: 'POST', path: '/api/convos/gen_title', auth: 'user' },
  importConvos: { method: 'POST', path: '/api/convos/import', auth: 'user' },
  getMessages: { method: 'GET', path: '/api/messages/{conversationId}', auth: 'user' },
  getMessage: { method: 'GET', path: '/api/messages/{conversationId}/{messageId}', auth: 'user' },
  updateMessage: { method: 'PUT', path: '/api/messages/{conversationId}/{messageId}', auth: 'user' },
  searchEnabled: { method: 'GET', path: '/api/search/enable', auth: 'user' },
  listTags: { method: 'GET', path: '/api/tags', auth: 'user' },
  createTag: { method: 'POST', path: '/api/tags', auth: 'user' },
  updateTag: { method: 'PUT', path: '/api/tags/{tag}', auth: 'user' },
  deleteTag: { method: 'DELETE', path: '/api/tags/{tag}', auth: 'user' },
  updateConvoTags: { method: 'PUT', path: '/api/tags/convo/{conversationId}', auth: 'user' },
  rebuildTags: { method: 'POST', path: '/api/tags/rebuild', auth: 'user' },
  listPresets: { method: 'GET', path: '/api/presets', auth: 'user' },
  savePreset: { method: 'POST', path: '/api/presets', auth: 'user' },
  deletePreset: { method: 'POST', path: '/api/presets/delete', auth: 'user' },
  listShares: { method: 'GET', path: '/api/share', auth: 'user' },
  createShare: { method: 'POST', path: '/api/share/{id}', auth: 'user' },
  getShare: { method: 'GET', path: '/api/share/{id}', auth: 'public' },
  getShareLink: { method: 'GET', path: '/api/share/link/{id}', auth: 'user' },
  refreshShare: { method: 'PATCH', path: '/api/share/{id}', auth: 'user' },
  deleteShare: { method: 'DELETE', path: '/api/share/{id}', auth: 'user' },
  askOpenAI: { method: 'POST', path: '/api/ask/openAI', auth: 'user' },
  askAzureOpenAI: { method: 'POST', path: '/api/ask/azureOpenAI', auth: 'user' },
  askCustom: { method: 'POST', path: '/api/ask/custom', auth: 'user' },
  askAnthropic: { method: 'POST', path: '/api/ask/anthropic', auth: 'user' },
  askGoogle: { method: 'POST', path: '/api/ask/google', auth: 'user' },
  askDemo: { method: 'POST', path: '/api/ask/demo', auth: 'user' },
  bedrockChat: { method: 'POST', path: '/api/bedrock/chat', auth: 'user' },
  abortAsk: { method: 'POST', path: '/api/ask/{endpoint}/abort', auth: 'user' },
  askGptPlugins: { method: 'POST', path: '/api/ask/gptPlugins', auth: 'user' },
  askChatGPTBrowser: { method: 'POST', path: '/api/ask/chatGPTBrowser', auth: 'user' },
  assistantsChat: { method: 'POST', path: '/api/assistants/{version}/chat', auth: 'user' },
  agentsChat: { method: 'POST', path: '/api/agents/chat', auth: 'user' },
  listEndpoints: { method: 'GET', path: '/api/endpoints', auth: 'user' },
  listModels: { method: 'GET', path: '/api/models', auth: 'user' },
  getEndpointsOverride: { method: 'GET', path: '/api/endpoints/config/override', auth: 'user' },
  getUserSettings: { method: 'GET', path: '/api/user/settings', auth: 'user' },
  updateUserSettings: { method: 'PATCH', path: '/api/user/settings', auth: 'user' },
  deleteAccount: { method: 'DELETE', path: '/api/user/delete', auth: 'user' },
  listKeys: { method: 'GET', path: '/api/keys', auth: 'user' },
  updateKey: { method: 'PUT', path: '/api/keys', auth: 'user' },
  deleteKey: { method: 'DELETE', path: '/api/keys/{name}', auth: 'user' },
  deleteKeys: { method: 'DELETE', path: '/api/keys', auth: 'user' },
  getBalance: { method: 'GET', path: '/api/balance', auth: 'user' },
  countTokens: { method: 'POST', path: '/api/tokenizer', auth: 'user' },
  // Reflection and wins (issue 5)
  generateQuestion: { method: 'POST', path: '/api/reflection/generate-question', auth: 'user' },
  generateSummary: { method: 'POST', path: '/api/reflection/generate-summary', auth: 'user' },
  listWins: { method: 'GET', path: '/api/views/wins', auth: 'user' },
  createWin: { method: 'POST', path: '/api/wins', auth: 'user' },
  updateWin: { method: 'PUT', path: '/api/wins/{id}', auth: 'user' },
  deleteWin: { method: 'DELETE', path: '/api/wins/{id}', auth: 'user' },
  pinWin: { method: 'PUT', path: '/api/wins/{id}/pin', auth: 'user' },
  shareWin: { method: 'POST', path: '/api/wins/{id}/share', auth: 'user' },
  // Interactions and the compass view (issue 5)
  createInteraction: { method: 'POST', path: '/api/interactions', auth: 'user' },
  updateInteraction: { method: 'PUT', path: '/api/interactions/{id}', auth: 'user' },
  getInteraction: { method: 'GET', path: '/api/interactions/{id}', auth: 'user' },
  listInteractions: { method: 'GET', path: '/api/interactions', auth: 'user' },
  getCompassView: { method: 'GET', path: '/api/views/compass', auth: 'user' },
  getTerms: { method: 'GET', path: '/api/user/terms', auth: 'user' },
  acceptTerms: { method: 'POST', path: '/api/user/terms/accept', auth: 'user' },
  submitMentorInterest: { method: 'POST', path: '/api/mentor-interest', auth: 'public' },
  submitUserInterest: { method: 'POST', path: '/api/user-interest', auth: 'public' },
  confirmNewsletterSignup: { method: 'PATCH', path: '/api/user-interest/{id}/newsletter-signup', auth: 'public' },
} as const satisfies RouteMeta;

/** Auth routes are never refreshed or retried on a 401: login, register, refresh, logout, 2fa. */
export function isAuthPath(path: string): boolean {
  return path.startsWith('/api/auth/');
}
