import type { z } from 'zod';
import type { BucketFolder } from './bucket-access.ts';
import type { TableUse } from './table-access.ts';
import { saveArtifactBody, saveArtifactParams } from './schemas/artifacts.ts';
import {
  authTokenResponse,
  loginBody,
  loginResponse,
  logoutResponse,
  registerBody,
  validateSignupCodeBody,
  validateSignupCodeResponse,
} from './schemas/auth.ts';
import { bannerResponse, endpointsOverrideResponse, healthResponse, startupConfigSchema } from './schemas/config.ts';
import {
  accessCodeParams,
  accessCodeSchema,
  adminBannerSchema,
  adminDeleteResponse,
  adminUserIdParams,
  adminUserSchema,
  bannerIdParams,
  createAccessCodeBody,
  deleteUserResponse,
  listAccessCodesResponse,
  listBannersResponse,
  listUserInterestResponse,
  listUsersQuery,
  listUsersResponse,
  saveBannerBody,
  updateUserRoleBody,
} from './schemas/admin.ts';
import {
  neutralLinkResponse,
  resendVerificationResponse,
  recoveryMessageResponse,
  registerResponse,
  requestPasswordResetBody,
  resendVerificationBody,
  resetPasswordBody,
  verifyEmailBody,
} from './schemas/account-recovery.ts';
import {
  conversationIdParams,
  conversationSchema,
  conversationCopyResponse,
  deleteConvoBody,
  deleteResponse,
  duplicateConvoBody,
  forkConvoBody,
  importConvosResponse,
  listConvosQuery,
  listConvosResponse,
  messageParams,
  getMessagesResponse,
  messageSchema,
  messagePageQuery,
  searchEnabledResponse,
  updateConvoBody,
  updateMessageBody,
} from './schemas/conversation.ts';
import {
  createShareBody,
  createTagBody,
  deletePresetBody,
  idParams,
  listSharesQuery,
  listSharesResponse,
  presetListResponse,
  presetSchema,
  savePresetBody,
  sharedConversationQuery,
  sharedConversationSchema,
  sharedLinkSchema,
  shareLinkResponse,
  tagListResponse,
  tagNamesResponse,
  tagParams,
  tagSchema,
  updateConvoTagsBody,
  updateTagBody,
} from './schemas/organize.ts';
import { abortBody, abortResponse, askBody, liveRepliesResponse, liveReplyListResponse, genTitleBody, genTitleResponse, askParams, assistantsChatParams, endpointsResponse, modelsResponse, streamResponse, unavailableResponse } from './schemas/chat.ts';
import { publicUserSchema } from './schemas/user.ts';
import {
  confirmUploadResponse,
  createUploadBody,
  createUploadResponse,
  deleteFilesBody,
  deleteFilesResponse,
  deleteTemporaryFilesBody,
  deleteTemporaryFilesResponse,
  fileConfigResponse,
  fileDownloadParams,
  fileDownloadResponse,
  listFilesResponse,
  uploadFilesResponse,
  uploadIdParams,
} from './schemas/files.ts';
import { avatarParams, getAvatarResponse, uploadAvatarResponse } from './schemas/avatar.ts';
import { logViewQuery, logViewResponse } from './schemas/log.ts';
import { oauthCallbackQuery, oauthProviderParams, oauthRedirectResponse, socialLinkResponse } from './schemas/social.ts';
import {
  createFragmentBody,
  deleteFragmentResponse,
  fragmentIdParams,
  fragmentSchema,
  listFragmentsQuery,
  listFragmentsResponse,
  listThemesResponse,
  pinFragmentToWinsResponse,
  updateFragmentBody,
  weaveFragmentsBody,
  wovenReflectionSchema,
} from './schemas/fragments.ts';
import { feedCardAction, feedCardParams, mentorFeedResponse, updateFeedCardsBody } from './schemas/mentor-feed.ts';
import { chapterParams, goalParams, narrativeVersionSchema, northStarResponse, updateChapterBody, updateGoalBody, versionIdParams } from './schemas/north-star.ts';
import {
  generateInsightsResponse,
  generateIntroResponse,
  generateMentorQuestionBody,
  generateMentorQuestionResponse,
  generateMentorTokenResponse,
  listMentorAnswersResponse,
  listMentorInterestResponse,
  mentorAnswersQuery,
  mentorInterestAdminSchema,
  mentorInterestIdParams,
  mentorProfileResponse,
  mentorResponseSchema,
  mentorStageParams,
  mentorTokenParams,
  saveMentorResponseResult,
  updateMentorStatusBody,
} from './schemas/mentor-interview.ts';
import { mentorInterestBody, mentorInterestResponse, newsletterSignupResponse, userInterestBody, userInterestIdParams, userInterestResponse } from './schemas/interest.ts';
import { acceptTermsResponse, termsResponse } from './schemas/terms.ts';
import { speechConfigResponse, speechToTextResponse, speechVoicesResponse, textToSpeechBody, textToSpeechResponse } from './schemas/speech.ts';
import { deleteKeyResponse, deleteKeysQuery, deleteKeysResponse, keyNameParams, listKeysResponse, updateKeyBody, userKeyInfoSchema } from './schemas/keys.ts';
import { balanceResponse, countTokensBody, countTokensResponse } from './schemas/balance.ts';
import { deleteAccountBody, deleteAccountResponse, updateUserSettingsBody, userSettingsSchema } from './schemas/user-settings.ts';
import {
  compassTrendQuery,
  compassTrendResponse,
  compassViewQuery,
  compassViewResponse,
  createInteractionBody,
  interactionIdParams,
  interactionSchema,
  listInteractionsQuery,
  listInteractionsResponse,
  updateInteractionBody,
} from './schemas/interactions.ts';
import {
  askCoachBody,
  bookmarkCoachMessageResponse,
  coachMessageParams,
  coachMessageSchema,
  coachThreadParams,
  coachThreadSchema,
  createCoachThreadBody,
  deleteCoachThreadResponse,
  listCoachMessagesQuery,
  listCoachMessagesResponse,
  listCoachThreadsResponse,
  reactCoachMessageBody,
  updateCoachThreadBody,
} from './schemas/coach-chats.ts';
import { generateQuestionBody, generateQuestionResponse, generateSummaryBody, generateSummaryResponse } from './schemas/reflection.ts';
import { createWinBody, deleteWinResponse, listWinsQuery, listWinsResponse, pinWinBody, updateWinBody, winIdParams, winTileSchema } from './schemas/wins.ts';
import {
  confirmTwoFactorBody,
  enableTwoFactorResponse,
  regenerateBackupCodesResponse,
  twoFactorCodeBody,
  twoFactorMessageResponse,
  verifyTempBody,
  verifyTempResponse,
} from './schemas/two-factor.ts';
import { roleInfoSchema, roleParams, updateRolePermissionsBody } from './schemas/roles.ts';
import { agentsChatBody } from './schemas/agent-chat.ts';
import { executeCodeBody, executeCodeResponse, listToolCallsQuery, listToolCallsResponse, toolIdParams } from './schemas/code-runner.ts';

import {
  actionOAuthParams,
  actionOAuthQuery,
  actionOAuthResponse,
  startActionOAuthBody,
  startActionOAuthResponse,
  agentActionParams,
  agentAvatarResponse,
  agentParams,
  agentSchema,
  agentToolIdParams,
  createAgentBody,
  deleteActionParams,
  deleteAgentResponse,
  installPluginBody,
  installPluginResponse,
  listActionsResponse,
  listAgentsQuery,
  listAgentsResponse,
  saveActionBody,
  saveActionResponse,
  toolAuthResponse,
  toolListResponse,
  updateAgentBody,
} from './schemas/agents.ts';

import {
  categoryListResponse,
  createPromptBody,
  createPromptResponse,
  deletePromptGroupResponse,
  deletePromptResponse,
  listAllPromptGroupsResponse,
  listPromptGroupsQuery,
  listPromptGroupsResponse,
  listPromptsQuery,
  listPromptsResponse,
  promptGroupParams,
  promptGroupSchema,
  promptIdParams,
  promptSchema,
  randomPromptGroupsQuery,
  randomPromptGroupsResponse,
  updatePromptGroupBody,
  updatePromptLabelsBody,
} from './schemas/prompts.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: anyone. user: a valid access token. admin: a valid access token of an ADMIN, checked
 * on the server. mentor-token: the 64-character interview token in the path.
 */
export type AuthLevel = 'public' | 'user' | 'admin' | 'mentor-token';

export interface RouteDef {
  method: HttpMethod;
  /** Path with `{param}` placeholders, as API Gateway writes them. */
  path: string;
  /** Handler module under functions/src/routes, without extension; also names its events/ file. */
  handler: string;
  auth: AuthLevel;
  /**
   * What its function may do in the table (table-access.ts): granted exactly that in AWS, refused
   * anything else locally. Every route of the table declares it; `[]` touches no item.
   */
  table?: readonly TableUse[];
  /** Served by a RESPONSE_STREAM Function URL instead of the HTTP API. */
  streaming?: boolean;
  /**
   * The kit reads the caller's address ban before the handler runs and answers 403 BANNED while it
   * lasts: every chat and agent route (decision 0011), whether or not it has a limit of its own.
   * An account's ban is read with the session on every signed-in route anyway.
   */
  refuseBannedAddress?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /**
   * Extra memory or time for heavy handlers, and the buckets and secrets it may use (the function
   * is granted only those); the CDK construct has the defaults.
   */
  lambda?: {
    memoryMb?: number;
    timeoutSeconds?: number;
    /** The bucket folders it reads and writes (bucket-access.ts); granted exactly those. */
    buckets?: readonly BucketFolder[];
    secrets?: readonly 'userKeys'[];
    /** May send mail through SES (password reset, e-mail verification). */
    ses?: boolean;
    /** May start and read Amazon Transcribe jobs (the mentor interview's recordings, dictation). */
    transcribe?: boolean;
    /** May synthesise speech and list voices with Amazon Polly (text to speech). */
    polly?: boolean;
    /**
     * Heavy libraries the handler imports only on a rare path (pdf.js, for a PDF attached to a chat
     * message): never bundled, shipped beside the handler instead (infra's LAZY_MODULES; decision 0019).
     */
    lazyModules?: readonly ('unpdf' | 'yaml')[];
    /** May invoke the code-runner Lambda (and only it): the sandbox runs there, never in the route. */
    codeRunner?: boolean;
    /**
     * Each call spends real money or minutes of CPU (a model's reply, a sandbox run, an import,
     * speech): in AWS the function gets reserved concurrency, which both caps it and keeps it
     * from starving the other routes (infra's `meld:costlyConcurrency`).
     */
    costly?: boolean;
  };
}

function route<const R extends RouteDef>(definition: R): R {
  return definition;
}

/**
 * A chat route's function: the user-key secret (the pipeline opens the user's own key for a
 * `user_provided` endpoint), and pdf.js to read the text of an attached PDF.
 */
// Message bodies too large for their item, and the files a message attaches or a code run makes.
const CHAT_LAMBDA = { memoryMb: 1024, timeoutSeconds: 300, buckets: ['files:messages', 'files:files'], secrets: ['userKeys'], lazyModules: ['unpdf'], costly: true } as const;

/** A streaming chat route: the ask body, server-sent events, time and memory for a long reply. */
function chatRoute<const P extends string, const H extends string>(path: P, handler: H) {
  return route({
    method: 'POST',
    path,
    handler,
    auth: 'user',
    // The one chat pipeline: the conversation, its messages, the reply slot, balance and limits.
    table: ['write'],
    streaming: true,
    refuseBannedAddress: true,
    body: askBody,
    response: streamResponse,
    lambda: CHAT_LAMBDA,
  });
}

/** Every API route, once. The CDK stack, the local gateway and the web client all read this. */
export const routes = {
  health: route({ method: 'GET', path: '/health', handler: 'system/get-health', auth: 'public', table: [], response: healthResponse }),
  getConfig: route({ method: 'GET', path: '/api/config', handler: 'config/get-config', auth: 'public', table: [], response: startupConfigSchema }),
  getBanner: route({ method: 'GET', path: '/api/banner', handler: 'config/get-banner', auth: 'public', table: ['read'], response: bannerResponse }),
  validateSignupCode: route({
    method: 'POST',
    path: '/api/auth/validate-signup-code',
    handler: 'auth/validate-signup-code',
    auth: 'public', table: ['write'],
    body: validateSignupCodeBody,
    response: validateSignupCodeResponse,
  }),
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    handler: 'auth/register',
    auth: 'public', table: ['write'],
    body: registerBody,
    response: registerResponse,
    // bcrypt at cost 12 wants CPU, and Lambda's CPU scales with memory. SES: the verification mail.
    lambda: { memoryMb: 1024, ses: true },
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    handler: 'auth/login',
    auth: 'public', table: ['write'],
    body: loginBody,
    response: loginResponse,
    lambda: { memoryMb: 1024 },
  }),
  refresh: route({ method: 'POST', path: '/api/auth/refresh', handler: 'auth/refresh', auth: 'public', table: ['write'], response: authTokenResponse }),
  logout: route({ method: 'POST', path: '/api/auth/logout', handler: 'auth/logout', auth: 'public', table: ['write'], response: logoutResponse }),
  // Password reset and e-mail verification (issue 6). Public; the requests answer the same for every
  // e-mail. bcrypt wants CPU (memory); the mailing routes get SES.
  requestPasswordReset: route({ method: 'POST', path: '/api/auth/requestPasswordReset', handler: 'auth/request-password-reset', auth: 'public', table: ['write'], body: requestPasswordResetBody, response: neutralLinkResponse, lambda: { ses: true } }),
  resetPassword: route({ method: 'POST', path: '/api/auth/resetPassword', handler: 'auth/reset-password', auth: 'public', table: ['write'], body: resetPasswordBody, response: recoveryMessageResponse, lambda: { memoryMb: 1024 } }),
  verifyEmail: route({ method: 'POST', path: '/api/user/verify', handler: 'user/verify-email', auth: 'public', table: ['write'], body: verifyEmailBody, response: recoveryMessageResponse }),
  resendVerification: route({ method: 'POST', path: '/api/user/verify/resend', handler: 'user/resend-verification', auth: 'public', table: ['write'], body: resendVerificationBody, response: resendVerificationResponse, lambda: { ses: true } }),
  getUser: route({ method: 'GET', path: '/api/user', handler: 'user/get-user', auth: 'user', table: ['read'], response: publicUserSchema }),
  // Two-factor (issue 6). Every route that checks a code opens the TOTP secret and keys the backup
  // codes' HMAC with the key-encryption secret; verify-temp is the login's public second step.
  enableTwoFactor: route({ method: 'GET', path: '/api/auth/2fa/enable', handler: 'auth/2fa/enable', auth: 'user', table: ['write'], response: enableTwoFactorResponse, lambda: { secrets: ['userKeys'] } }),
  confirmTwoFactor: route({ method: 'POST', path: '/api/auth/2fa/confirm', handler: 'auth/2fa/confirm', auth: 'user', table: ['write'], body: confirmTwoFactorBody, response: twoFactorMessageResponse, lambda: { secrets: ['userKeys'] } }),
  verifyTwoFactor: route({ method: 'POST', path: '/api/auth/2fa/verify', handler: 'auth/2fa/verify', auth: 'user', table: ['write'], body: twoFactorCodeBody, response: twoFactorMessageResponse, lambda: { secrets: ['userKeys'] } }),
  verifyTwoFactorTemp: route({ method: 'POST', path: '/api/auth/2fa/verify-temp', handler: 'auth/2fa/verify-temp', auth: 'public', table: ['write'], body: verifyTempBody, response: verifyTempResponse, lambda: { secrets: ['userKeys'] } }),
  disableTwoFactor: route({ method: 'POST', path: '/api/auth/2fa/disable', handler: 'auth/2fa/disable', auth: 'user', table: ['write'], body: twoFactorCodeBody, response: twoFactorMessageResponse, lambda: { secrets: ['userKeys'] } }),
  regenerateBackupCodes: route({ method: 'POST', path: '/api/auth/2fa/backup/regenerate', handler: 'auth/2fa/regenerate-backup-codes', auth: 'user', table: ['write'], body: twoFactorCodeBody, response: regenerateBackupCodesResponse, lambda: { secrets: ['userKeys'] } }),

  // Social sign-in (issue 6, decision 0010): browser navigations answered with 302s, outside /api.
  // The callback comes first: the local gateway takes the first match, and 'callback' is no provider.
  oauthCallback: route({ method: 'GET', path: '/oauth/callback', handler: 'oauth/oauth-callback', auth: 'public', table: ['write'], query: oauthCallbackQuery, response: oauthRedirectResponse }),
  oauthStart: route({ method: 'GET', path: '/oauth/{provider}', handler: 'oauth/start-oauth', auth: 'public', table: [], params: oauthProviderParams, response: oauthRedirectResponse }),
  // A signed-in member links a provider (the safe way to join an unproven address, finding 4 of issue 21).
  startSocialLink: route({ method: 'POST', path: '/api/auth/link/{provider}', handler: 'oauth/start-social-link', auth: 'user', table: ['read'], params: oauthProviderParams, response: socialLinkResponse }),

  // Conversations (issue 3). Wire formats follow LibreChat's client where the spec mirrors it.
  // Routes that read, copy or delete messages name the files bucket: bodies over 300 KB live there.
  listConvos: route({ method: 'GET', path: '/api/convos', handler: 'convos/list-convos', auth: 'user', table: ['read', 'gsi1', 'gsi2', 'gsi3'], query: listConvosQuery, response: listConvosResponse }),
  getConvo: route({ method: 'GET', path: '/api/convos/{conversationId}', handler: 'convos/get-convo', auth: 'user', table: ['read'], params: conversationIdParams, response: conversationSchema }),
  updateConvo: route({ method: 'POST', path: '/api/convos/update', handler: 'convos/update-convo', auth: 'user', table: ['write'], body: updateConvoBody, response: conversationSchema }),
  deleteConvo: route({ method: 'DELETE', path: '/api/convos', handler: 'convos/delete-convo', auth: 'user', table: ['write'], body: deleteConvoBody, response: deleteResponse, lambda: { buckets: ['files:messages', 'files:shares'] } }),
  deleteAllConvos: route({ method: 'DELETE', path: '/api/convos/all', handler: 'convos/delete-all-convos', auth: 'user', table: ['write'], response: deleteResponse, lambda: { timeoutSeconds: 29, buckets: ['files:messages', 'files:shares'] } }),
  duplicateConvo: route({ method: 'POST', path: '/api/convos/duplicate', handler: 'convos/duplicate-convo', auth: 'user', table: ['write'], body: duplicateConvoBody, response: conversationCopyResponse, lambda: { buckets: ['files:messages'] } }),
  forkConvo: route({ method: 'POST', path: '/api/convos/fork', handler: 'convos/fork-convo', auth: 'user', table: ['write'], body: forkConvoBody, response: conversationCopyResponse, lambda: { buckets: ['files:messages'] } }),
  genTitle: route({ method: 'POST', path: '/api/convos/gen_title', handler: 'convos/gen-title', auth: 'user', table: ['write'], refuseBannedAddress: true, body: genTitleBody, response: genTitleResponse, lambda: { buckets: ['files:messages'] } }),
  // Multipart (field `file`): the handler reads the raw body itself, so no JSON body schema here.
  importConvos: route({ method: 'POST', path: '/api/convos/import', handler: 'convos/import-convos', auth: 'user', table: ['write'], response: importConvosResponse, lambda: { memoryMb: 1024, timeoutSeconds: 29, buckets: ['files:messages'], costly: true } }),
  getMessages: route({ method: 'GET', path: '/api/messages/{conversationId}', handler: 'messages/get-messages', auth: 'user', table: ['read'], params: conversationIdParams, query: messagePageQuery, response: getMessagesResponse, lambda: { buckets: ['files:messages'] } }),
  getMessage: route({ method: 'GET', path: '/api/messages/{conversationId}/{messageId}', handler: 'messages/get-message', auth: 'user', table: ['read'], params: messageParams, response: messageSchema, lambda: { buckets: ['files:messages'] } }),
  updateMessage: route({ method: 'PUT', path: '/api/messages/{conversationId}/{messageId}', handler: 'messages/update-message', auth: 'user', table: ['write'], refuseBannedAddress: true, params: messageParams, body: updateMessageBody, response: messageSchema, lambda: { buckets: ['files:messages'] } }),
  searchEnabled: route({ method: 'GET', path: '/api/search/enable', handler: 'search/get-search-enabled', auth: 'user', table: ['read'], response: searchEnabledResponse }),

  listTags: route({ method: 'GET', path: '/api/tags', handler: 'tags/list-tags', auth: 'user', table: ['read'], response: tagListResponse }),
  createTag: route({ method: 'POST', path: '/api/tags', handler: 'tags/create-tag', auth: 'user', table: ['write'], body: createTagBody, response: tagSchema }),
  updateTag: route({ method: 'PUT', path: '/api/tags/{tag}', handler: 'tags/update-tag', auth: 'user', table: ['write'], params: tagParams, body: updateTagBody, response: tagSchema }),
  deleteTag: route({ method: 'DELETE', path: '/api/tags/{tag}', handler: 'tags/delete-tag', auth: 'user', table: ['write'], params: tagParams, response: deleteResponse }),
  updateConvoTags: route({ method: 'PUT', path: '/api/tags/convo/{conversationId}', handler: 'tags/update-convo-tags', auth: 'user', table: ['write'], params: conversationIdParams, body: updateConvoTagsBody, response: tagNamesResponse }),
  rebuildTags: route({ method: 'POST', path: '/api/tags/rebuild', handler: 'tags/rebuild-tags', auth: 'user', table: ['write'], response: tagListResponse }),

  listPresets: route({ method: 'GET', path: '/api/presets', handler: 'presets/list-presets', auth: 'user', table: ['read'], response: presetListResponse }),
  savePreset: route({ method: 'POST', path: '/api/presets', handler: 'presets/save-preset', auth: 'user', table: ['write'], body: savePresetBody, response: presetSchema }),
  deletePreset: route({ method: 'POST', path: '/api/presets/delete', handler: 'presets/delete-preset', auth: 'user', table: ['write'], body: deletePresetBody, response: deleteResponse }),

  listShares: route({ method: 'GET', path: '/api/share', handler: 'share/list-shares', auth: 'user', table: ['read', 'gsi2', 'gsi3'], query: listSharesQuery, response: listSharesResponse }),
  createShare: route({ method: 'POST', path: '/api/share/{id}', handler: 'share/create-share', auth: 'user', table: ['write'], params: idParams, body: createShareBody, response: sharedLinkSchema , lambda: { buckets: ['files:messages', 'files:shares'] } }),
  getShare: route({ method: 'GET', path: '/api/share/{id}', handler: 'share/get-share', auth: 'public', table: ['read'], params: idParams, query: sharedConversationQuery, response: sharedConversationSchema , lambda: { buckets: ['files:shares'] } }),
  getShareLink: route({ method: 'GET', path: '/api/share/link/{id}', handler: 'share/get-share-link', auth: 'user', table: ['read'], params: idParams, response: shareLinkResponse }),
  refreshShare: route({ method: 'PATCH', path: '/api/share/{id}', handler: 'share/refresh-share', auth: 'user', table: ['write'], params: idParams, response: sharedLinkSchema , lambda: { buckets: ['files:messages', 'files:shares'] } }),
  deleteShare: route({ method: 'DELETE', path: '/api/share/{id}', handler: 'share/delete-share', auth: 'user', table: ['write'], params: idParams, response: deleteResponse , lambda: { buckets: ['files:shares'] } }),

  // Generation (issue 4). The reply streams as server-sent events from a Function URL.
  // One streaming route per endpoint kind, each bundling only its provider's SDK (askRouteName maps
  // an endpoint to its route). Replies over 300 KB are stored in the files bucket.
  askOpenAI: chatRoute('/api/ask/openAI', 'ask/ask-openai'),
  askAzureOpenAI: chatRoute('/api/ask/azureOpenAI', 'ask/ask-azure-openai'),
  askCustom: chatRoute('/api/ask/custom', 'ask/ask-custom'),
  askAnthropic: chatRoute('/api/ask/anthropic', 'ask/ask-anthropic'),
  askGoogle: chatRoute('/api/ask/google', 'ask/ask-google'),
  askDemo: chatRoute('/api/ask/demo', 'ask/ask-demo'),
  bedrockChat: chatRoute('/api/bedrock/chat', 'ask/bedrock-chat'),
  // Every kind stops through /api/ask/{endpoint}/abort, bedrock included.
  abortAsk: route({ method: 'POST', path: '/api/ask/{endpoint}/abort', handler: 'ask/abort-ask', auth: 'user', table: ['write'], refuseBannedAddress: true, params: askParams, body: abortBody, response: abortResponse }),
  // A reply in progress, read from its checkpoints by another tab or device (decision 0039). GETs, so
  // they never meet POST /api/ask/{endpoint}; a continued reply's start is its saved message (maybe in S3).
  liveReplies: route({ method: 'GET', path: '/api/ask/live/{conversationId}', handler: 'ask/live-replies', auth: 'user', table: ['read'], refuseBannedAddress: true, params: conversationIdParams, response: liveRepliesResponse, lambda: { buckets: ['files:messages'] } }),
  liveReplyList: route({ method: 'GET', path: '/api/ask/live', handler: 'ask/live-reply-list', auth: 'user', table: ['read'], refuseBannedAddress: true, response: liveReplyListResponse }),
  // Chat kinds that are retired or not built yet answer a JSON error (docs/decisions/0005).
  askGptPlugins: route({ method: 'POST', path: '/api/ask/gptPlugins', handler: 'ask/ask-gpt-plugins', auth: 'user', table: ['read'], refuseBannedAddress: true, response: unavailableResponse }),
  askChatGPTBrowser: route({ method: 'POST', path: '/api/ask/chatGPTBrowser', handler: 'ask/ask-chatgpt-browser', auth: 'user', table: ['read'], refuseBannedAddress: true, response: unavailableResponse }),
  assistantsChat: route({ method: 'POST', path: '/api/assistants/{version}/chat', handler: 'assistants/assistants-chat', auth: 'user', table: ['read'], refuseBannedAddress: true, params: assistantsChatParams, response: unavailableResponse }),
  // The agent tool loop (issue 11; decision 0026): the ask body plus agent_id; any provider, its SDK loaded on demand; may run code.
  agentsChat: route({ ...chatRoute('/api/agents/chat', 'agents/agents-chat'), table: ['write', 'gsi3'], body: agentsChatBody, lambda: { ...CHAT_LAMBDA, codeRunner: true } }),
  listEndpoints: route({ method: 'GET', path: '/api/endpoints', handler: 'endpoints/list-endpoints', auth: 'user', table: ['read'], response: endpointsResponse }),
  listModels: route({ method: 'GET', path: '/api/models', handler: 'endpoints/list-models', auth: 'user', table: ['read'], response: modelsResponse }),
  // Composer configuration (issue 4): the operator's per-endpoint overrides.
  getEndpointsOverride: route({ method: 'GET', path: '/api/endpoints/config/override', handler: 'endpoints/get-endpoints-override', auth: 'user', table: ['read'], response: endpointsOverrideResponse }),
  // User settings and account deletion (issue 4). Deleting walks the user's partition and S3 prefixes.
  getUserSettings: route({ method: 'GET', path: '/api/user/settings', handler: 'user/get-user-settings', auth: 'user', table: ['read'], response: userSettingsSchema }),
  updateUserSettings: route({ method: 'PATCH', path: '/api/user/settings', handler: 'user/update-user-settings', auth: 'user', table: ['write'], body: updateUserSettingsBody, response: userSettingsSchema }),
  deleteAccount: route({ method: 'DELETE', path: '/api/user/delete', handler: 'user/delete-account', auth: 'user', table: ['write', 'gsi1'], body: deleteAccountBody, response: deleteAccountResponse, lambda: { buckets: ['audio:speech', 'audio:transcripts', 'audio:voice-notes', 'files:avatars', 'files:files', 'files:messages', 'files:shares', 'files:uploads'], timeoutSeconds: 29 } }),

  // User-provided API keys (issue 4). Only the route that encrypts reads the key-encryption secret.
  listKeys: route({ method: 'GET', path: '/api/keys', handler: 'keys/list-keys', auth: 'user', table: ['read'], response: listKeysResponse }),
  updateKey: route({ method: 'PUT', path: '/api/keys', handler: 'keys/update-key', auth: 'user', table: ['write'], body: updateKeyBody, response: userKeyInfoSchema, lambda: { secrets: ['userKeys'] } }),
  deleteKey: route({ method: 'DELETE', path: '/api/keys/{name}', handler: 'keys/delete-key', auth: 'user', table: ['write'], params: keyNameParams, response: deleteKeyResponse }),
  deleteKeys: route({ method: 'DELETE', path: '/api/keys', handler: 'keys/delete-keys', auth: 'user', table: ['write'], query: deleteKeysQuery, response: deleteKeysResponse }),
  // Token balance (issue 4): the account menu shows it; the chat pipeline checks and spends it.
  getBalance: route({ method: 'GET', path: '/api/balance', handler: 'balance/get-balance', auth: 'user', table: ['write'], response: balanceResponse }),
  // The only route besides the chat pipeline that bundles the tokenizer's tables.
  countTokens: route({ method: 'POST', path: '/api/tokenizer', handler: 'tokenizer/count-tokens', auth: 'user', table: ['read'], body: countTokensBody, response: countTokensResponse, lambda: { memoryMb: 512 } }),

  // Reflection and wins (issue 5, S2). The coach's question and summary call the configured model
  // without streaming; with no coach they answer from a question bank or a template.
  generateQuestion: route({ method: 'POST', path: '/api/reflection/generate-question', handler: 'reflection/generate-question', auth: 'user', table: ['write', 'gsi1'], body: generateQuestionBody, response: generateQuestionResponse, lambda: { timeoutSeconds: 29 } }),
  generateSummary: route({ method: 'POST', path: '/api/reflection/generate-summary', handler: 'reflection/generate-summary', auth: 'user', table: ['write', 'gsi1'], body: generateSummaryBody, response: generateSummaryResponse, lambda: { timeoutSeconds: 29 } }),
  listWins: route({ method: 'GET', path: '/api/views/wins', handler: 'views/list-wins', auth: 'user', table: ['write'], query: listWinsQuery, response: listWinsResponse }),
  createWin: route({ method: 'POST', path: '/api/wins', handler: 'wins/create-win', auth: 'user', table: ['write'], body: createWinBody, response: winTileSchema }),
  updateWin: route({ method: 'PUT', path: '/api/wins/{id}', handler: 'wins/update-win', auth: 'user', table: ['write'], params: winIdParams, body: updateWinBody, response: winTileSchema }),
  deleteWin: route({ method: 'DELETE', path: '/api/wins/{id}', handler: 'wins/delete-win', auth: 'user', table: ['write'], params: winIdParams, response: deleteWinResponse }),
  pinWin: route({ method: 'PUT', path: '/api/wins/{id}/pin', handler: 'wins/pin-win', auth: 'user', table: ['write'], params: winIdParams, body: pinWinBody, response: winTileSchema }),
  shareWin: route({ method: 'POST', path: '/api/wins/{id}/share', handler: 'wins/share-win', auth: 'user', table: ['write'], params: winIdParams, response: winTileSchema }),

  // Interactions and the compass view (issue 5, S1). The compass view reads a day range in one query.
  createInteraction: route({ method: 'POST', path: '/api/interactions', handler: 'interactions/create-interaction', auth: 'user', table: ['write'], body: createInteractionBody, response: interactionSchema }),
  updateInteraction: route({ method: 'PUT', path: '/api/interactions/{id}', handler: 'interactions/update-interaction', auth: 'user', table: ['write'], params: interactionIdParams, body: updateInteractionBody, response: interactionSchema }),
  getInteraction: route({ method: 'GET', path: '/api/interactions/{id}', handler: 'interactions/get-interaction', auth: 'user', table: ['read'], params: interactionIdParams, response: interactionSchema }),
  listInteractions: route({ method: 'GET', path: '/api/interactions', handler: 'interactions/list-interactions', auth: 'user', table: ['read', 'gsi2', 'gsi3'], query: listInteractionsQuery, response: listInteractionsResponse }),
  // Terms (issue 6): the text comes from the app config; accepting records the time on the user.
  getTerms: route({ method: 'GET', path: '/api/user/terms', handler: 'user/get-terms', auth: 'user', table: ['read'], response: termsResponse }),
  acceptTerms: route({ method: 'POST', path: '/api/user/terms/accept', handler: 'user/accept-terms', auth: 'user', table: ['write'], response: acceptTermsResponse }),
  getCompassView: route({ method: 'GET', path: '/api/views/compass', handler: 'views/get-compass-view', auth: 'user', table: ['write', 'gsi1'], query: compassViewQuery, response: compassViewResponse }),
  // The mood and energy trend (issue 26): weekly averages over at most 12 weeks, one range read.
  getCompassTrend: route({ method: 'GET', path: '/api/views/compass/trend', handler: 'views/get-compass-trend', auth: 'user', table: ['write', 'gsi1'], query: compassTrendQuery, response: compassTrendResponse }),

  // Interest forms (issue 6): public, rate-limited per address; admin views come with a later issue.
  submitMentorInterest: route({ method: 'POST', path: '/api/mentor-interest', handler: 'interest/submit-mentor-interest', auth: 'public', table: ['write'], body: mentorInterestBody, response: mentorInterestResponse }),
  submitUserInterest: route({ method: 'POST', path: '/api/user-interest', handler: 'interest/submit-user-interest', auth: 'public', table: ['write'], body: userInterestBody, response: userInterestResponse }),
  confirmNewsletterSignup: route({ method: 'PATCH', path: '/api/user-interest/{id}/newsletter-signup', handler: 'interest/confirm-newsletter-signup', auth: 'public', table: ['write'], params: userInterestIdParams, response: newsletterSignupResponse }),

  // Mentor interview (issue 7): the invited mentor's token is the only credential. Recordings go
  // to the audio bucket; the speech engine (Transcribe in AWS) turns them into text.
  getMentorInterview: route({ method: 'GET', path: '/api/mentor-interview/{token}', handler: 'mentor-interview/get-interview', auth: 'mentor-token', table: ['write'], params: mentorTokenParams, response: mentorProfileResponse }),
  generateMentorIntro: route({ method: 'POST', path: '/api/mentor-interview/{token}/generate-intro', handler: 'mentor-interview/generate-intro', auth: 'mentor-token', table: ['write'], params: mentorTokenParams, response: generateIntroResponse, lambda: { timeoutSeconds: 29 } }),
  getMentorResponse: route({
    method: 'GET',
    path: '/api/mentor-interview/{token}/response/{stage}',
    handler: 'mentor-interview/get-response',
    auth: 'mentor-token', table: ['write'],
    params: mentorStageParams,
    response: mentorResponseSchema,
    // Writes the stage's question when it has none yet, and reads a finished transcription.
    lambda: { timeoutSeconds: 29, buckets: ['audio:transcripts'], transcribe: true },
  }),
  // JSON (a text answer, an approval, a rejected question) or multipart (audio and duration_ms): the handler reads the body itself.
  saveMentorResponse: route({
    method: 'POST',
    path: '/api/mentor-interview/{token}/response/{stage}',
    handler: 'mentor-interview/save-response',
    auth: 'mentor-token', table: ['write'],
    params: mentorStageParams,
    response: saveMentorResponseResult,
    lambda: { memoryMb: 1024, timeoutSeconds: 29, buckets: ['audio:mentor-interviews', 'audio:transcripts'], transcribe: true },
  }),
  retryMentorTranscription: route({
    method: 'POST',
    path: '/api/mentor-interview/{token}/response/{stage}/transcription',
    handler: 'mentor-interview/retry-transcription',
    auth: 'mentor-token', table: ['write'],
    params: mentorStageParams,
    response: saveMentorResponseResult,
    lambda: { timeoutSeconds: 29, buckets: ['audio:mentor-interviews', 'audio:transcripts'], transcribe: true },
  }),
  generateMentorQuestion: route({
    method: 'POST',
    path: '/api/mentor-interview/{token}/generate-question',
    handler: 'mentor-interview/generate-question',
    auth: 'mentor-token', table: ['write'],
    params: mentorTokenParams,
    body: generateMentorQuestionBody,
    response: generateMentorQuestionResponse,
    lambda: { timeoutSeconds: 29 },
  }),
  generateMentorInsights: route({ method: 'POST', path: '/api/mentor-interview/{token}/generate-insights', handler: 'mentor-interview/generate-insights', auth: 'mentor-token', table: ['write'], params: mentorTokenParams, response: generateInsightsResponse, lambda: { timeoutSeconds: 29 } }),
  // Fragments (issue 8): captured notes, voice notes (transcribed by the speech engine), themes, weaving into reflections.
  listFragments: route({ method: 'GET', path: '/api/fragments', handler: 'fragments/list-fragments', auth: 'user', table: ['read', 'gsi1'], query: listFragmentsQuery, response: listFragmentsResponse }),
  createFragment: route({ method: 'POST', path: '/api/fragments', handler: 'fragments/create-fragment', auth: 'user', table: ['write'], body: createFragmentBody, response: fragmentSchema }),
  // Multipart: `audio` (at most 90 s) and `duration_ms`; the transcription becomes the fragment's content.
  createVoiceFragment: route({ method: 'POST', path: '/api/fragments/voice', handler: 'fragments/create-voice-fragment', auth: 'user', table: ['write'], response: fragmentSchema, lambda: { memoryMb: 1024, timeoutSeconds: 29, buckets: ['audio:transcripts', 'audio:voice-notes'], transcribe: true, costly: true } }),
  listThemes: route({ method: 'GET', path: '/api/fragments/themes', handler: 'fragments/list-themes', auth: 'user', table: ['read', 'gsi1'], response: listThemesResponse }),
  weaveFragments: route({ method: 'POST', path: '/api/fragments/weave', handler: 'fragments/weave-fragments', auth: 'user', table: ['write'], body: weaveFragmentsBody, response: wovenReflectionSchema }),
  getFragment: route({ method: 'GET', path: '/api/fragments/{id}', handler: 'fragments/get-fragment', auth: 'user', table: ['read'], params: fragmentIdParams, response: fragmentSchema }),
  updateFragment: route({ method: 'PATCH', path: '/api/fragments/{id}', handler: 'fragments/update-fragment', auth: 'user', table: ['write'], params: fragmentIdParams, body: updateFragmentBody, response: fragmentSchema }),
  deleteFragment: route({ method: 'DELETE', path: '/api/fragments/{id}', handler: 'fragments/delete-fragment', auth: 'user', table: ['write'], params: fragmentIdParams, response: deleteFragmentResponse, lambda: { buckets: ['audio:voice-notes'] } }),
  pinFragmentToWins: route({ method: 'POST', path: '/api/fragments/{id}/pin-to-wins', handler: 'fragments/pin-to-wins', auth: 'user', table: ['write'], params: fragmentIdParams, response: pinFragmentToWinsResponse }),
  // Log (issue 8): a month of every real entry in the user's zone, range-queried per source.
  getLogView: route({ method: 'GET', path: '/api/views/log', handler: 'views/get-log-view', auth: 'user', table: ['write', 'gsi1', 'gsi2'], query: logViewQuery, response: logViewResponse }),
  // North-Star narrative (issue 8): versions written by the coach model from the last 45 days; regenerate may ask it twice within 30 s.
  getNorthStar: route({ method: 'GET', path: '/api/north-star', handler: 'north-star/get-north-star', auth: 'user', table: ['write', 'gsi1'], response: northStarResponse }),
  regenerateNorthStar: route({ method: 'POST', path: '/api/north-star/regenerate', handler: 'north-star/regenerate-north-star', auth: 'user', table: ['write', 'gsi1'], response: northStarResponse, lambda: { timeoutSeconds: 29 } }),
  getNorthStarVersion: route({ method: 'GET', path: '/api/north-star/versions/{id}', handler: 'north-star/get-north-star-version', auth: 'user', table: ['read'], params: versionIdParams, response: narrativeVersionSchema }),
  updateNorthStarChapter: route({ method: 'PATCH', path: '/api/north-star/versions/{id}/chapters/{chapterId}', handler: 'north-star/update-chapter', auth: 'user', table: ['write'], params: chapterParams, body: updateChapterBody, response: narrativeVersionSchema }),
  updateNorthStarGoal: route({ method: 'PATCH', path: '/api/north-star/versions/{id}/goals/{goalId}', handler: 'north-star/update-goal', auth: 'user', table: ['write'], params: goalParams, body: updateGoalBody, response: narrativeVersionSchema }),
  // Mentor feed (issue 8): cards derived from the member's records; read, archive, snooze and mute state persist.
  getMentorFeed: route({ method: 'GET', path: '/api/mentor-feed', handler: 'mentor-feed/get-mentor-feed', auth: 'user', table: ['write', 'gsi1'], response: mentorFeedResponse }),
  // Opening the feed marks its cards seen, which puts out Today's notification dot (issue 26).
  markFeedSeen: route({ method: 'POST', path: '/api/mentor-feed/seen', handler: 'mentor-feed/mark-feed-seen', auth: 'user', table: ['write', 'gsi1'], response: mentorFeedResponse }),
  updateFeedCards: route({ method: 'PATCH', path: '/api/mentor-feed/cards', handler: 'mentor-feed/update-feed-cards', auth: 'user', table: ['write', 'gsi1'], body: updateFeedCardsBody, response: mentorFeedResponse }),
  updateFeedCard: route({ method: 'PATCH', path: '/api/mentor-feed/cards/{id}', handler: 'mentor-feed/update-feed-card', auth: 'user', table: ['write', 'gsi1'], params: feedCardParams, body: feedCardAction, response: mentorFeedResponse }),
  // Mentor sign-ups as admins manage them (spec 002); the rest of the admin panel comes with its own issue.
  listMentorInterest: route({ method: 'GET', path: '/api/mentor-interest', handler: 'mentor-interest/list-mentor-interest', auth: 'admin', table: ['read', 'gsi1'], response: listMentorInterestResponse }),
  listMentorAnswers: route({ method: 'GET', path: '/api/mentor-interest/admin-responses', handler: 'mentor-interest/list-mentor-answers', auth: 'admin', table: ['read', 'gsi1'], query: mentorAnswersQuery, response: listMentorAnswersResponse }),
  updateMentorStatus: route({ method: 'PATCH', path: '/api/mentor-interest/{id}', handler: 'mentor-interest/update-mentor-status', auth: 'admin', table: ['write', 'gsi1'], params: mentorInterestIdParams, body: updateMentorStatusBody, response: mentorInterestAdminSchema }),
  generateMentorToken: route({ method: 'POST', path: '/api/mentor-interest/{id}/generate-token', handler: 'mentor-interest/generate-token', auth: 'admin', table: ['write'], params: mentorInterestIdParams, response: generateMentorTokenResponse }),
  deleteMentorInterest: route({ method: 'DELETE', path: '/api/mentor-interest/{id}', handler: 'mentor-interest/delete-mentor-interest', auth: 'admin', table: ['write'], params: mentorInterestIdParams, response: adminDeleteResponse, lambda: { buckets: ['audio:mentor-interviews', 'audio:transcripts'] } }),
  // Admin panel (issue 9): platform users, user interest sign-ups, pilot access codes and banners; every route admin-only.
  listUsers: route({ method: 'GET', path: '/api/user/all', handler: 'admin/list-users', auth: 'admin', table: ['read', 'gsi1'], query: listUsersQuery, response: listUsersResponse }),
  updateUserRole: route({ method: 'PUT', path: '/api/user/{id}/role', handler: 'admin/update-user-role', auth: 'admin', table: ['write'], params: adminUserIdParams, body: updateUserRoleBody, response: adminUserSchema }),
  deleteUser: route({ method: 'DELETE', path: '/api/user/{id}', handler: 'admin/delete-user', auth: 'admin', table: ['write', 'gsi1'], params: adminUserIdParams, response: deleteUserResponse, lambda: { buckets: ['audio:speech', 'audio:transcripts', 'audio:voice-notes', 'files:avatars', 'files:files', 'files:messages', 'files:shares', 'files:uploads'], timeoutSeconds: 29 } }),
  listUserInterest: route({ method: 'GET', path: '/api/user-interest', handler: 'admin/list-user-interest', auth: 'admin', table: ['read', 'gsi1'], response: listUserInterestResponse }),
  deleteUserInterest: route({ method: 'DELETE', path: '/api/user-interest/{id}', handler: 'admin/delete-user-interest', auth: 'admin', table: ['write'], params: userInterestIdParams, response: adminDeleteResponse }),
  listAccessCodes: route({ method: 'GET', path: '/api/admin/access-codes', handler: 'admin/list-access-codes', auth: 'admin', table: ['read', 'gsi1'], response: listAccessCodesResponse }),
  createAccessCode: route({ method: 'POST', path: '/api/admin/access-codes', handler: 'admin/create-access-code', auth: 'admin', table: ['write'], body: createAccessCodeBody, response: accessCodeSchema }),
  revokeAccessCode: route({ method: 'POST', path: '/api/admin/access-codes/{code}/revoke', handler: 'admin/revoke-access-code', auth: 'admin', table: ['write'], params: accessCodeParams, response: accessCodeSchema }),
  listBanners: route({ method: 'GET', path: '/api/admin/banners', handler: 'admin/list-banners', auth: 'admin', table: ['read'], response: listBannersResponse }),
  createBanner: route({ method: 'POST', path: '/api/admin/banners', handler: 'admin/create-banner', auth: 'admin', table: ['write'], body: saveBannerBody, response: adminBannerSchema }),
  updateBanner: route({ method: 'PUT', path: '/api/admin/banners/{bannerId}', handler: 'admin/update-banner', auth: 'admin', table: ['write'], params: bannerIdParams, body: saveBannerBody, response: adminBannerSchema }),
  deleteBanner: route({ method: 'DELETE', path: '/api/admin/banners/{bannerId}', handler: 'admin/delete-banner', auth: 'admin', table: ['write'], params: bannerIdParams, response: adminDeleteResponse }),
  // Coach chats (issue 8): conversations answered by the configured coach model, with pins, mutes, context chips, reactions and bookmarks.
  listCoachThreads: route({ method: 'GET', path: '/api/coach/threads', handler: 'coach-chats/list-threads', auth: 'user', table: ['read'], response: listCoachThreadsResponse }),
  createCoachThread: route({ method: 'POST', path: '/api/coach/threads', handler: 'coach-chats/create-thread', auth: 'user', table: ['write'], body: createCoachThreadBody, response: coachThreadSchema }),
  updateCoachThread: route({ method: 'PATCH', path: '/api/coach/threads/{id}', handler: 'coach-chats/update-thread', auth: 'user', table: ['write'], params: coachThreadParams, body: updateCoachThreadBody, response: coachThreadSchema }),
  deleteCoachThread: route({ method: 'DELETE', path: '/api/coach/threads/{id}', handler: 'coach-chats/delete-thread', auth: 'user', table: ['write'], params: coachThreadParams, response: deleteCoachThreadResponse, lambda: { buckets: ['files:messages'] } }),
  listCoachMessages: route({ method: 'GET', path: '/api/coach/threads/{id}/messages', handler: 'coach-chats/list-messages', auth: 'user', table: ['read'], params: coachThreadParams, query: listCoachMessagesQuery, response: listCoachMessagesResponse, lambda: { buckets: ['files:messages'] } }),
  // Streams the ask route's events; the endpoint, model and system prompt are fixed on the server.
  askCoach: route({
    method: 'POST',
    path: '/api/coach/threads/{id}/ask',
    handler: 'coach-chats/ask-coach',
    auth: 'user', table: ['write', 'gsi1'],
    streaming: true,
    refuseBannedAddress: true,
    params: coachThreadParams,
    body: askCoachBody,
    response: streamResponse,
    lambda: { memoryMb: 1024, timeoutSeconds: 300, buckets: ['files:messages'], costly: true },
  }),
  reactToCoachMessage: route({ method: 'PUT', path: '/api/coach/threads/{id}/messages/{messageId}/reaction', handler: 'coach-chats/react-to-message', auth: 'user', table: ['write'], params: coachMessageParams, body: reactCoachMessageBody, response: coachMessageSchema, lambda: { buckets: ['files:messages'] } }),
  bookmarkCoachMessage: route({ method: 'POST', path: '/api/coach/threads/{id}/messages/{messageId}/bookmark', handler: 'coach-chats/bookmark-message', auth: 'user', table: ['write'], params: coachMessageParams, response: bookmarkCoachMessageResponse, lambda: { buckets: ['files:messages'] } }),
  // Files (issue 10; decision 0018): bytes in the files bucket under files/<userId>/, checked by content
  // sniffing and the endpoint's limits. Uploads are multipart (`file`, read by the handler itself) up to
  // apiUploadSizeLimit; larger files go straight to S3 with a presigned PUT and are confirmed after.
  listFiles: route({ method: 'GET', path: '/api/files', handler: 'files/list-files', auth: 'user', table: ['read'], response: listFilesResponse }),
  uploadFiles: route({ method: 'POST', path: '/api/files', handler: 'files/upload-files', auth: 'user', table: ['write'], response: uploadFilesResponse, lambda: { memoryMb: 1024, timeoutSeconds: 29, buckets: ['files:files'] } }),
  uploadImages: route({ method: 'POST', path: '/api/files/images', handler: 'files/upload-images', auth: 'user', table: ['write'], response: uploadFilesResponse, lambda: { memoryMb: 1024, timeoutSeconds: 29, buckets: ['files:files'] } }),
  deleteFiles: route({ method: 'DELETE', path: '/api/files', handler: 'files/delete-files', auth: 'user', table: ['write'], body: deleteFilesBody, response: deleteFilesResponse, lambda: { buckets: ['files:files', 'files:uploads'] } }),
  deleteTemporaryFiles: route({ method: 'DELETE', path: '/api/files/temporary', handler: 'files/delete-temporary-files', auth: 'user', table: ['write'], body: deleteTemporaryFilesBody, response: deleteTemporaryFilesResponse, lambda: { buckets: ['files:files', 'files:uploads'] } }),
  getFileConfig: route({ method: 'GET', path: '/api/files/config', handler: 'files/get-file-config', auth: 'user', table: ['read'], response: fileConfigResponse }),
  downloadFile: route({ method: 'GET', path: '/api/files/download/{userId}/{fileId}', handler: 'files/download-file', auth: 'user', table: ['read'], params: fileDownloadParams, response: fileDownloadResponse, lambda: { buckets: ['files:files'] } }),
  // The spec's other download path ("under /api/files/{path}"): the same file, the same answer.
  getFile: route({ method: 'GET', path: '/api/files/{userId}/{fileId}', handler: 'files/get-file', auth: 'user', table: ['read'], params: fileDownloadParams, response: fileDownloadResponse, lambda: { buckets: ['files:files'] } }),
  createUpload: route({ method: 'POST', path: '/api/files/uploads', handler: 'files/create-upload', auth: 'user', table: ['write'], body: createUploadBody, response: createUploadResponse, lambda: { buckets: ['files:uploads'] } }),
  // The confirm copies the upload inside S3 to a key no presigned URL can write (decision 0018): up to 512 MB takes seconds.
  confirmUpload: route({ method: 'POST', path: '/api/files/uploads/{fileId}/confirm', handler: 'files/confirm-upload', auth: 'user', table: ['write'], params: uploadIdParams, response: confirmUploadResponse, lambda: { timeoutSeconds: 29, buckets: ['files:files', 'files:uploads'] } }),
  // Avatars (issue 10; decision 0020): multipart `file` (PNG or JPEG, sniffed) and `manual`; the picture is
  // public under an unguessable name so an <img> loads it without a token.
  uploadAvatar: route({ method: 'POST', path: '/api/files/images/avatar', handler: 'files/upload-avatar', auth: 'user', table: ['write'], response: uploadAvatarResponse, lambda: { buckets: ['files:avatars'] } }),
  getAvatar: route({ method: 'GET', path: '/api/files/avatars/{userId}/{name}', handler: 'files/get-avatar', auth: 'public', table: [], params: avatarParams, response: getAvatarResponse, lambda: { buckets: ['files:avatars'] } }),
  // Artifacts (issue 10): an edit made in the artifact panel replaces that artifact's code in the reply.
  saveArtifact: route({ method: 'POST', path: '/api/messages/artifact/{messageId}', handler: 'messages/save-artifact', auth: 'user', table: ['write'], refuseBannedAddress: true, params: saveArtifactParams, body: saveArtifactBody, response: messageSchema, lambda: { buckets: ['files:messages'] } }),
  // Speech (issue 10; decision 0021). Dictation is multipart (`audio`), read by the handler itself and
  // transcribed within the request. Speech streams MP3 from a Function URL as the engine makes it.
  speechToText: route({ method: 'POST', path: '/api/files/speech/stt', handler: 'speech/speech-to-text', auth: 'user', table: ['write'], response: speechToTextResponse, lambda: { memoryMb: 1024, timeoutSeconds: 29, buckets: ['audio:speech', 'audio:transcripts'], transcribe: true, costly: true } }),
  textToSpeech: route({ method: 'POST', path: '/api/files/speech/tts/manual', handler: 'speech/text-to-speech', auth: 'user', table: ['write'], streaming: true, body: textToSpeechBody, response: textToSpeechResponse, lambda: { timeoutSeconds: 120, polly: true, costly: true } }),
  listSpeechVoices: route({ method: 'GET', path: '/api/files/speech/tts/voices', handler: 'speech/list-voices', auth: 'user', table: ['read'], response: speechVoicesResponse, lambda: { polly: true } }),
  getSpeechConfig: route({ method: 'GET', path: '/api/files/speech/config/get', handler: 'speech/get-speech-config', auth: 'user', table: ['read'], response: speechConfigResponse }),
  // Roles and permissions (issue 11; decision 0023). A member reads only their own role; the admin
  // routes change a role's prompt and agent permissions (merged over the spec's defaults).
  getRole: route({ method: 'GET', path: '/api/roles/{role}', handler: 'roles/get-role', auth: 'user', table: ['read'], params: roleParams, response: roleInfoSchema }),
  updateRolePrompts: route({ method: 'PUT', path: '/api/roles/{role}/prompts', handler: 'roles/update-role-prompts', auth: 'admin', table: ['write'], params: roleParams, body: updateRolePermissionsBody, response: roleInfoSchema }),
  updateRoleAgents: route({ method: 'PUT', path: '/api/roles/{role}/agents', handler: 'roles/update-role-agents', auth: 'admin', table: ['write'], params: roleParams, body: updateRolePermissionsBody, response: roleInfoSchema }),
  // Code runner (issue 11; decision 0025): a code block's Run button and the agents' code tool. The
  // sandbox is its own Lambda with no network and no permissions; this route invokes it.
  callTool: route({ method: 'POST', path: '/api/agents/tools/{toolId}/call', handler: 'tools/call-tool', auth: 'user', table: ['write'], refuseBannedAddress: true, params: toolIdParams, body: executeCodeBody, response: executeCodeResponse, lambda: { timeoutSeconds: 29, buckets: ['files:files'], codeRunner: true, costly: true } }),
  listToolCalls: route({ method: 'GET', path: '/api/agents/tools/calls', handler: 'tools/list-tool-calls', auth: 'user', table: ['read'], refuseBannedAddress: true, query: listToolCallsQuery, response: listToolCallsResponse }),
  // Agents (issue 11; decision 0027). An agent lives in its author's partition; globally shared ones are
  // listed through one index. The literal paths (tools, actions) come before /api/agents/{id}: the
  // local gateway takes the first match. Saving an action or a plugin's values seals secrets.
  listAgentTools: route({ method: 'GET', path: '/api/agents/tools', handler: 'agents/list-agent-tools', auth: 'user', table: ['read'], refuseBannedAddress: true, response: toolListResponse }),
  getToolAuth: route({ method: 'GET', path: '/api/agents/tools/{toolId}/auth', handler: 'agents/get-tool-auth', auth: 'user', table: ['read'], refuseBannedAddress: true, params: agentToolIdParams, response: toolAuthResponse }),
  listAgentActions: route({ method: 'GET', path: '/api/agents/actions', handler: 'agents/list-actions', auth: 'user', table: ['read'], refuseBannedAddress: true, response: listActionsResponse }),
  saveAgentAction: route({ method: 'POST', path: '/api/agents/actions/{agentId}', handler: 'agents/save-action', auth: 'user', table: ['write', 'gsi3'], refuseBannedAddress: true, params: agentActionParams, body: saveActionBody, response: saveActionResponse, lambda: { secrets: ['userKeys'], lazyModules: ['yaml'] } }),
  deleteAgentAction: route({ method: 'DELETE', path: '/api/agents/actions/{agentId}/{actionId}', handler: 'agents/delete-action', auth: 'user', table: ['write', 'gsi3'], refuseBannedAddress: true, params: deleteActionParams, response: agentSchema }),
  listAgents: route({ method: 'GET', path: '/api/agents', handler: 'agents/list-agents', auth: 'user', table: ['read', 'gsi1', 'gsi2'], refuseBannedAddress: true, query: listAgentsQuery, response: listAgentsResponse }),
  createAgent: route({ method: 'POST', path: '/api/agents', handler: 'agents/create-agent', auth: 'user', table: ['write'], refuseBannedAddress: true, body: createAgentBody, response: agentSchema }),
  getAgent: route({ method: 'GET', path: '/api/agents/{id}', handler: 'agents/get-agent', auth: 'user', table: ['read', 'gsi3'], refuseBannedAddress: true, params: agentParams, response: agentSchema }),
  updateAgent: route({ method: 'PATCH', path: '/api/agents/{id}', handler: 'agents/update-agent', auth: 'user', table: ['write', 'gsi3'], refuseBannedAddress: true, params: agentParams, body: updateAgentBody, response: agentSchema }),
  deleteAgent: route({ method: 'DELETE', path: '/api/agents/{id}', handler: 'agents/delete-agent', auth: 'user', table: ['write', 'gsi3'], refuseBannedAddress: true, params: agentParams, response: deleteAgentResponse }),
  duplicateAgent: route({ method: 'POST', path: '/api/agents/{id}/duplicate', handler: 'agents/duplicate-agent', auth: 'user', table: ['write', 'gsi3'], refuseBannedAddress: true, params: agentParams, response: agentSchema }),
  // An OAuth action's sign-in comes back here (a browser navigation from the provider, its state signed).
  // An OAuth action's sign-in: the member starts it (the provider's page, and a cookie tying it to this browser), the provider's redirect ends it.
  startActionOAuth: route({ method: 'POST', path: '/api/actions/{actionId}/oauth/start', handler: 'agents/start-action-oauth', auth: 'user', table: ['write'], refuseBannedAddress: true, params: actionOAuthParams, body: startActionOAuthBody, response: startActionOAuthResponse, lambda: { secrets: ['userKeys'] } }),
  actionOAuthCallback: route({ method: 'GET', path: '/api/actions/{actionId}/oauth/callback', handler: 'agents/action-oauth-callback', auth: 'public', table: ['write'], params: actionOAuthParams, query: actionOAuthQuery, response: actionOAuthResponse, lambda: { secrets: ['userKeys'] } }),
  uploadAgentAvatar: route({ method: 'POST', path: '/api/files/images/agents/{id}/avatar', handler: 'agents/upload-agent-avatar', auth: 'user', table: ['write', 'gsi3'], refuseBannedAddress: true, params: agentParams, response: agentAvatarResponse, lambda: { buckets: ['files:avatars'] } }),
  // Plugins (issue 11): the tools agents may use, and a user's installed plugins with their values sealed.
  listPlugins: route({ method: 'GET', path: '/api/plugins', handler: 'agents/list-plugins', auth: 'user', table: ['read'], refuseBannedAddress: true, response: toolListResponse }),
  installPlugin: route({ method: 'POST', path: '/api/user/plugins', handler: 'agents/install-plugin', auth: 'user', table: ['write'], refuseBannedAddress: true, body: installPluginBody, response: installPluginResponse, lambda: { secrets: ['userKeys'] } }),
  // Prompt library (issue 11; decision 0024). Groups own versions; a user's live in their partition and
  // globally shared groups are listed through one index. The literal paths come before /api/prompts/{promptId}:
  // the local gateway takes the first match.
  listPromptGroups: route({ method: 'GET', path: '/api/prompts/groups', handler: 'prompts/list-prompt-groups', auth: 'user', table: ['read', 'gsi2'], query: listPromptGroupsQuery, response: listPromptGroupsResponse }),
  getPromptGroup: route({ method: 'GET', path: '/api/prompts/groups/{groupId}', handler: 'prompts/get-prompt-group', auth: 'user', table: ['read', 'gsi3'], params: promptGroupParams, response: promptGroupSchema }),
  updatePromptGroup: route({ method: 'PATCH', path: '/api/prompts/groups/{groupId}', handler: 'prompts/update-prompt-group', auth: 'user', table: ['write', 'gsi3'], params: promptGroupParams, body: updatePromptGroupBody, response: promptGroupSchema }),
  deletePromptGroup: route({ method: 'DELETE', path: '/api/prompts/groups/{groupId}', handler: 'prompts/delete-prompt-group', auth: 'user', table: ['write', 'gsi3'], params: promptGroupParams, response: deletePromptGroupResponse }),
  // The slash command inserted the group's production text: counts its numberOfGenerations.
  recordPromptUse: route({ method: 'POST', path: '/api/prompts/groups/{groupId}/use', handler: 'prompts/record-prompt-use', auth: 'user', table: ['write', 'gsi3'], params: promptGroupParams, response: promptGroupSchema }),
  listAllPromptGroups: route({ method: 'GET', path: '/api/prompts/all', handler: 'prompts/list-all-prompt-groups', auth: 'user', table: ['read', 'gsi2'], response: listAllPromptGroupsResponse }),
  randomPromptGroups: route({ method: 'GET', path: '/api/prompts/random', handler: 'prompts/random-prompt-groups', auth: 'user', table: ['read', 'gsi2'], query: randomPromptGroupsQuery, response: randomPromptGroupsResponse }),
  listPrompts: route({ method: 'GET', path: '/api/prompts', handler: 'prompts/list-prompts', auth: 'user', table: ['read', 'gsi3'], query: listPromptsQuery, response: listPromptsResponse }),
  createPrompt: route({ method: 'POST', path: '/api/prompts', handler: 'prompts/create-prompt', auth: 'user', table: ['write', 'gsi3'], body: createPromptBody, response: createPromptResponse }),
  getPrompt: route({ method: 'GET', path: '/api/prompts/{promptId}', handler: 'prompts/get-prompt', auth: 'user', table: ['read', 'gsi1', 'gsi3'], params: promptIdParams, response: promptSchema }),
  deletePrompt: route({ method: 'DELETE', path: '/api/prompts/{promptId}', handler: 'prompts/delete-prompt', auth: 'user', table: ['write', 'gsi1', 'gsi3'], params: promptIdParams, response: deletePromptResponse }),
  setProductionPrompt: route({ method: 'PATCH', path: '/api/prompts/{promptId}/tags/production', handler: 'prompts/set-production-prompt', auth: 'user', table: ['write', 'gsi1', 'gsi3'], params: promptIdParams, response: promptGroupSchema }),
  updatePromptLabels: route({ method: 'PATCH', path: '/api/prompts/{promptId}/labels', handler: 'prompts/update-prompt-labels', auth: 'user', table: ['write', 'gsi1', 'gsi3'], params: promptIdParams, body: updatePromptLabelsBody, response: promptSchema }),
  listCategories: route({ method: 'GET', path: '/api/categories', handler: 'prompts/list-categories', auth: 'user', table: ['read'], response: categoryListResponse }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly (RouteDef & { name: RouteName })[] = Object.entries(routes).map(([name, def]) => ({
  ...(def as RouteDef),
  name: name as RouteName,
}));

export type RouteBody<N extends RouteName> = Routes[N] extends { body: z.ZodType } ? z.input<Routes[N]['body']> : undefined;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;
