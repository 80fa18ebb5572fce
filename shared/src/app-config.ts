import * as z from 'zod';
import { SOCIAL_PROVIDERS } from './constants.ts';
import { checkParameters, PARAMETER_KINDS, type ParameterKind } from './parameter-ranges.ts';
import { bannerSchema, INTERFACE_TOGGLES, modelSpecsSchema, type InterfaceToggle } from './schemas/config.ts';
import { SUPPORTED_FILE_TYPES } from './schemas/files.ts';
import { checkSocialConfig, socialCognitoSchema, socialIssuerSchema } from './schemas/social.ts';

const link = z.object({ externalUrl: z.url(), openNewTab: z.boolean().default(true) }).strict();
/** Units of the balance's refill interval, seconds to months. */
export const REFILL_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type RefillUnit = (typeof REFILL_UNITS)[number];
const rateLimit = z.object({ max: z.int().min(1), windowMinutes: z.number().positive() }).strict();

const BUILT_IN_ENDPOINTS = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'assistants', 'azureAssistants', 'agents', 'gptPlugins', 'chatGPTBrowser', 'demo'];
const modelList = z.array(z.string().min(1)).min(1, { error: 'A model list needs at least one model' });
/** A literal key, a `${ENV_NAME}` reference resolved at run time, or `user_provided` (each user brings their own). */
const apiKey = z.string().min(1);
/** A base64-encoded request must stay under Lambda's 6 MB payload limit, with room for the form's other parts. */
const MAX_AUDIO_BYTES_CEILING = 4 * 1024 * 1024 + 256 * 1024;
const speechToTextSchema = z.discriminatedUnion('engine', [
  z
    .object({
      engine: z.literal('openai'),
      /** Any OpenAI-compatible server; OpenAI's own without it. */
      baseURL: z.url().optional(),
      /** A literal key or a `${ENV_NAME}` reference; the server transcribes with its own key, never a user's. */
      apiKey: apiKey.refine((key) => key !== 'user_provided', { error: 'Transcription runs with a server key, not user_provided' }),
      model: z.string().min(1),
    })
    .strict(),
  z
    .object({
      engine: z.literal('transcribe'),
      /** Transcribe's language code (en-US); without one it identifies the language itself. */
      languageCode: z.string().min(2).max(10).optional(),
    })
    .strict(),
]);
export type SpeechToTextConfig = z.output<typeof speechToTextSchema>;
/** Polly's engines; a voice speaks with some of them only (DescribeVoices says which). */
export const POLLY_ENGINE_KINDS = ['standard', 'neural', 'long-form', 'generative'] as const;
export type PollyEngineKind = (typeof POLLY_ENGINE_KINDS)[number];
const textToSpeechSchema = z.discriminatedUnion('engine', [
  z
    .object({
      engine: z.literal('polly'),
      /** The voice used when a request names none. */
      voiceId: z.string().min(1).max(100).default('Joanna'),
      engineKind: z.enum(POLLY_ENGINE_KINDS).default('neural'),
      /** Offer only this language's voices (en-US); every language's without it. */
      languageCode: z.string().min(2).max(10).optional(),
    })
    .strict(),
  z
    .object({
      engine: z.literal('openai'),
      /** Any OpenAI-compatible `/v1/audio/speech` server; OpenAI's own without it. */
      baseURL: z.url().optional(),
      apiKey: apiKey.refine((key) => key !== 'user_provided', { error: 'Speech runs with a server key, not user_provided' }),
      model: z.string().min(1).default('tts-1'),
      /** The voice used when a request names none. */
      voice: z.string().min(1).max(100).default('alloy'),
      /** The voices offered; OpenAI's own list without it (another server may have others). */
      voices: z.array(z.string().min(1).max(100)).min(1).optional(),
    })
    .strict()
    .refine((tts) => !tts.voices || tts.voices.includes(tts.voice), { error: 'The default voice must be one of voices', path: ['voice'] }),
]);
export type TextToSpeechConfig = z.output<typeof textToSpeechSchema>;

/** Models of the endpoint that read images, beyond the families the server knows (attachments: decision 0019). */
const visionModels = z.array(z.string().min(1)).optional();
const providerEndpoint = z.object({ apiKey, baseURL: z.url().optional(), models: modelList, titleModel: z.string().optional(), visionModels }).strict();

export const endpointsConfigSchema = z
  .object({
    /** Canned replies streamed word by word, so every chat flow works with no provider at all. */
    demo: z.object({ enabled: z.boolean().default(true) }).strict().default({ enabled: true }),
    openAI: providerEndpoint.optional(),
    azureOpenAI: z.object({ apiKey, endpoint: z.url(), apiVersion: z.string().min(1), models: modelList, visionModels }).strict().optional(),
    anthropic: providerEndpoint.optional(),
    google: providerEndpoint.optional(),
    bedrock: z.object({ region: z.string().min(1), models: modelList, visionModels }).strict().optional(),
    /** Any OpenAI-compatible server (Ollama, a hosted gateway), by name. */
    custom: z
      .array(z.object({ name: z.string().min(1).max(100), apiKey, baseURL: z.url(), models: modelList, titleModel: z.string().optional(), visionModels }).strict())
      .default([])
      .refine((list) => list.every((endpoint) => !BUILT_IN_ENDPOINTS.includes(endpoint.name)), { error: 'A custom endpoint name must not equal a built-in endpoint name' })
      .refine((list) => new Set(list.map((endpoint) => endpoint.name)).size === list.length, { error: 'Custom endpoint names must be unique' }),
  })
  .strict()
  .refine(
    (endpoints) => endpoints.demo.enabled || Boolean(endpoints.openAI || endpoints.azureOpenAI || endpoints.anthropic || endpoints.google || endpoints.bedrock) || endpoints.custom.length > 0,
    { error: 'At least one endpoint must be configured' },
  );
export type EndpointsConfig = z.output<typeof endpointsConfigSchema>;

/**
 * The operator's app config file (meld.config.json). One schema for the deployment (checked
 * at synth) and the server (checked at start-up); unknown keys are errors so typos surface.
 */
export const appConfigSchema = z
  .object({
    appTitle: z.string().min(1).default('Meld'),
    serverDomain: z.string().default(''),
    registration: z.object({ enabled: z.boolean().default(true) }).strict().default({ enabled: true }),
    login: z
      .object({
        email: z.boolean().default(true),
        /** Off until the reset pages and mail flow exist, so no link leads nowhere. */
        passwordReset: z.boolean().default(false),
        ldap: z.boolean().default(false),
      })
      .strict()
      .default({ email: true, passwordReset: false, ldap: false }),
    /**
     * Mail (password reset, e-mail verification) through SES. `from` must be a verified SES identity;
     * `region` is SES's region (empty: the function's own). `requireVerification` refuses sign-in
     * (422) until the address is verified. `returnLinks` (only with e-mail off, for local and pilot
     * deployments without mail) puts the reset and verification links in the API's replies
     * instead: docs/decisions/0009-password-reset-links.md.
     */
    email: z
      .object({
        enabled: z.boolean().default(false),
        from: z.string().trim().default(''),
        region: z.string().trim().default(''),
        requireVerification: z.boolean().default(false),
        returnLinks: z.boolean().default(false),
      })
      .strict()
      .refine((email) => !email.enabled || /^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(email.from), { error: 'Sending e-mail needs a from address', path: ['from'] })
      .refine((email) => !(email.enabled && email.returnLinks), { error: 'Links are never returned in replies while e-mail is sent', path: ['returnLinks'] })
      .prefault({}),
    social: z
      .object({
        enabled: z.boolean().default(false),
        order: z.array(z.enum(SOCIAL_PROVIDERS)).default(['google', 'facebook', 'openid', 'github', 'discord']),
        providers: z.partialRecord(z.enum(SOCIAL_PROVIDERS), z.boolean()).default({}),
        openid: z
          .object({ label: z.string().default(''), imageUrl: z.string().default(''), autoRedirect: z.boolean().default(false) })
          .strict()
          .default({ label: '', imageUrl: '', autoRedirect: false }),
        /** Where sign-in goes (decision 0010): a plain OIDC issuer, or in AWS a Cognito user pool. */
        issuer: socialIssuerSchema.optional(),
        cognito: socialCognitoSchema.optional(),
      })
      .strict()
      .superRefine(checkSocialConfig)
      .default({ enabled: false, order: ['google', 'facebook', 'openid', 'github', 'discord'], providers: {}, openid: { label: '', imageUrl: '', autoRedirect: false } }),
    search: z.object({ enabled: z.boolean().default(false) }).strict().default({ enabled: false }),
    /** The terms every member must accept before using the app (when required): markdown, no raw HTML. */
    terms: z
      .object({
        required: z.boolean().default(false),
        /** The dialog's heading; the browser's own "Terms and Conditions" when absent. */
        modalTitle: z.string().trim().min(1).max(200).optional(),
        text: z.string().max(100_000).default(''),
      })
      .strict()
      .refine((terms) => !terms.required || terms.text.trim() !== '', { error: 'Terms that must be accepted need their text', path: ['text'] })
      .prefault({}),
    interface: z
      .object({
        privacyPolicy: link.optional(),
        termsOfService: link.optional(),
        /** The shared-conversation page's footer; `|` separates its parts. */
        customFooter: z.string().trim().min(1).max(500).optional(),
        /** The newsletter sign-up page the user interest form's success step embeds; without it the step is skipped. */
        newsletterUrl: z.url({ protocol: /^https?$/ }).optional(),
        ...(Object.fromEntries(INTERFACE_TOGGLES.map((toggle) => [toggle, z.boolean().default(true)])) as Record<InterfaceToggle, z.ZodDefault<z.ZodBoolean>>),
      })
      .strict()
      .prefault({}),
    endpoints: endpointsConfigSchema.default({ demo: { enabled: true }, custom: [] }),
    modelSpecs: modelSpecsSchema.optional(),
    /** Seeded into the table on start; later issues let admins manage banners. */
    banner: bannerSchema.omit({ displayTo: true }).extend({ displayTo: z.string().nullable().default(null) }).optional(),
    rateLimits: z
      .object({
        /** Sign-in attempts per IP address (one machine trying many accounts); refusals are the address's violations. */
        login: rateLimit.default({ max: 10, windowMinutes: 5 }),
        /** Sign-in attempts per IP address and e-mail (one machine guessing one account's password). */
        loginPerAccount: rateLimit.default({ max: 5, windowMinutes: 5 }),
        /**
         * Sign-in attempts on one e-mail from anywhere (many machines guessing one account). Keep it out of
         * reach of one address (more than `login.max` times the windows of `login` in one of these), so wrong
         * guesses from one place never lock the owner out; its refusals are nobody's violation (decision 0011).
         */
        loginPerEmail: rateLimit.default({ max: 100, windowMinutes: 15 }),
        register: rateLimit.default({ max: 10, windowMinutes: 60 }),
        signupCode: rateLimit.default({ max: 20, windowMinutes: 15 }),
        refresh: rateLimit.default({ max: 60, windowMinutes: 5 }),
        /** Conversation imports, per user. */
        import: rateLimit.default({ max: 10, windowMinutes: 60 }),
        /** Chat messages sent, per user and per IP address; over the cap a send is refused as message_limit. */
        messages: rateLimit.default({ max: 40, windowMinutes: 1 }),
        messagesPerIp: rateLimit.default({ max: 40, windowMinutes: 1 }),
        /** Coach questions and daily summaries asked for, per user. */
        reflection: rateLimit.default({ max: 10, windowMinutes: 10 }),
        /** Password-reset e-mails asked for and reset links tried, per IP address; refusals are the address's violations. */
        passwordReset: rateLimit.default({ max: 5, windowMinutes: 60 }),
        /**
         * Password-reset e-mails asked for one e-mail address from anywhere (nobody floods one inbox). Keep it
         * out of reach of one address (more than `passwordReset.max` times the windows of `passwordReset` in one
         * of these), so requests from one place never lock the owner out; its refusals are nobody's violation.
         */
        passwordResetPerEmail: rateLimit.default({ max: 20, windowMinutes: 60 }),
        /** Verification e-mails (re)sent and verification attempts, per IP address; refusals are the address's violations. */
        verifyEmail: rateLimit.default({ max: 5, windowMinutes: 60 }),
        /** Verification e-mails (re)sent to one e-mail address from anywhere; like `passwordResetPerEmail`. */
        verifyEmailPerEmail: rateLimit.default({ max: 20, windowMinutes: 60 }),
        /** Two-factor codes tried, per user: six digits must not be guessable. */
        twoFactor: rateLimit.default({ max: 5, windowMinutes: 5 }),
        /** Mentor and user interest forms submitted, per IP address: the public forms must not flood the table. */
        interest: rateLimit.default({ max: 10, windowMinutes: 60 }),
        /** The mentor interview's model calls and uploads, per mentor: an interview needs a few dozen at most. */
        mentorInterview: rateLimit.default({ max: 60, windowMinutes: 60 }),
        /** North-Star narratives regenerated, per user: each asks the coach model for a long answer. */
        northStar: rateLimit.default({ max: 5, windowMinutes: 60 }),
        /** Voice notes transcribed into fragments, per user: each is a speech-engine call. */
        voiceNotes: rateLimit.default({ max: 30, windowMinutes: 60 }),
        /** Files uploaded (multipart or presigned), per user and per IP address; over the cap a file_upload_limit violation. */
        fileUploads: rateLimit.default({ max: 50, windowMinutes: 15 }),
        fileUploadsPerIp: rateLimit.default({ max: 100, windowMinutes: 15 }),
        /** Text spoken by the server's engine (tts_limit) and recordings transcribed (stt_limit), per user and per IP address. */
        tts: rateLimit.default({ max: 50, windowMinutes: 1 }),
        ttsPerIp: rateLimit.default({ max: 100, windowMinutes: 1 }),
        stt: rateLimit.default({ max: 50, windowMinutes: 1 }),
        sttPerIp: rateLimit.default({ max: 100, windowMinutes: 1 }),
        /** Code runs (a code block's Run button), per user; over the cap a tool_call_limit violation. */
        toolCall: rateLimit.default({ max: 30, windowMinutes: 1 }),
      })
      .strict()
      .default({
        login: { max: 10, windowMinutes: 5 },
        loginPerAccount: { max: 5, windowMinutes: 5 },
        loginPerEmail: { max: 100, windowMinutes: 15 },
        register: { max: 10, windowMinutes: 60 },
        signupCode: { max: 20, windowMinutes: 15 },
        refresh: { max: 60, windowMinutes: 5 },
        import: { max: 10, windowMinutes: 60 },
        messages: { max: 40, windowMinutes: 1 },
        messagesPerIp: { max: 40, windowMinutes: 1 },
        reflection: { max: 10, windowMinutes: 10 },
        passwordReset: { max: 5, windowMinutes: 60 },
        passwordResetPerEmail: { max: 20, windowMinutes: 60 },
        verifyEmail: { max: 5, windowMinutes: 60 },
        verifyEmailPerEmail: { max: 20, windowMinutes: 60 },
        twoFactor: { max: 5, windowMinutes: 5 },
        interest: { max: 10, windowMinutes: 60 },
        mentorInterview: { max: 60, windowMinutes: 60 },
        northStar: { max: 5, windowMinutes: 60 },
        voiceNotes: { max: 30, windowMinutes: 60 },
        fileUploads: { max: 50, windowMinutes: 15 },
        fileUploadsPerIp: { max: 100, windowMinutes: 15 },
        tts: { max: 50, windowMinutes: 1 },
        ttsPerIp: { max: 100, windowMinutes: 1 },
        stt: { max: 50, windowMinutes: 1 },
        sttPerIp: { max: 100, windowMinutes: 1 },
        toolCall: { max: 30, windowMinutes: 1 },
      }),
    /**
     * Bans (spec 000 section 8): `threshold` rate-limit violations by one account or IP address
     * within `windowMinutes` ban it for `durationMinutes`, answered 403 BANNED (decision 0011).
     */
    ban: z
      .object({
        enabled: z.boolean().default(true),
        threshold: z.int().min(1).default(20),
        windowMinutes: z.number().positive().default(60),
        durationMinutes: z.number().positive().default(120),
      })
      .strict()
      .prefault({}),
    /**
     * The model that writes the evening check-in's question and the daily summary: a configured
     * endpoint's name and one of its models. Without it (or with the demo endpoint) a question bank
     * and a template answer instead.
     */
    coach: z.object({ endpoint: z.string().min(1), model: z.string().min(1) }).strict().optional(),
    /**
     * Speech to text (docs/decisions/0013-transcription-engines.md): none (the interview offers text
     * only), an OpenAI-compatible `/v1/audio/transcriptions` server, or Amazon Transcribe (a job
     * reading the recording from the audio bucket).
     */
    speech: z
      .object({
        stt: speechToTextSchema.optional(),
        /**
         * Text to speech (docs/decisions/0021-text-to-speech.md): none (the browser speaks with its
         * own voices), Amazon Polly, or an OpenAI-compatible `/v1/audio/speech` server.
         */
        tts: textToSpeechSchema.optional(),
        /** The largest dictation (`POST /api/files/speech/stt`) taken; base64-encoded it must fit a Lambda request. */
        maxAudioBytes: z.int().min(1024).max(MAX_AUDIO_BYTES_CEILING).default(4 * 1024 * 1024),
      })
      .strict()
      .prefault({}),
    /** The mentor interview: `maxAudioBytes` is the largest recording taken (Lambda's 6 MB request limit holds it base64-encoded). */
    mentorInterview: z
      .object({ maxAudioBytes: z.int().min(1024).max(MAX_AUDIO_BYTES_CEILING).default(4 * 1024 * 1024) })
      .strict()
      .prefault({}),
    /** Fragments' voice notes: `maxAudioBytes` is the largest recording taken (90 s of browser audio is well under it). */
    fragments: z
      .object({ maxAudioBytes: z.int().min(1024).max(MAX_AUDIO_BYTES_CEILING).default(4 * 1024 * 1024) })
      .strict()
      .prefault({}),
    /**
     * Uploaded files (spec 000 section 3's File config; docs/decisions/0018-file-uploads.md). Sizes in
     * MB. `endpoints.default` applies to every endpoint without its own entry, and an endpoint's keys
     * override it; unset keys keep the spec's 10 files, 512 MB each and in total, and the whole
     * whitelist. `apiUploadSizeLimit`: larger files skip the API (whose requests hold ~6 MB base64)
     * for a presigned upload straight to S3.
     */
    files: z
      .object({
        serverFileSizeLimit: z.number().positive().default(512),
        avatarSizeLimit: z.number().positive().default(2),
        apiUploadSizeLimit: z.number().positive().max(MAX_AUDIO_BYTES_CEILING / (1024 * 1024)).default(4),
        endpoints: z
          .record(
            z.string().min(1),
            z
              .object({
                disabled: z.boolean().optional(),
                fileLimit: z.int().min(1).max(100).optional(),
                fileSizeLimit: z.number().positive().optional(),
                totalSizeLimit: z.number().positive().optional(),
                supportedMimeTypes: z.array(z.enum(SUPPORTED_FILE_TYPES)).min(1).optional(),
              })
              .strict(),
          )
          .default({}),
      })
      .strict()
      .prefault({}),
    /** Replies one user may have in progress at once (across devices and tabs); more are refused as concurrent. */
    concurrentMessages: z.object({ max: z.int().min(1).default(1) }).strict().prefault({}),
    /**
     * Token balance (spec 000 section 9): each user starts with startBalance credits, one credit per
     * token of prompt and reply; with auto refill, refillAmount is added once the interval has passed.
     */
    balance: z
      .object({
        enabled: z.boolean().default(false),
        startBalance: z.int().min(0).default(20_000),
        autoRefillEnabled: z.boolean().default(false),
        refillIntervalValue: z.int().min(1).default(30),
        refillIntervalUnit: z.enum(REFILL_UNITS).default('days'),
        refillAmount: z.int().min(0).default(10_000),
      })
      .strict()
      .prefault({}),
    /**
     * Agent actions (decision 0027). Their calls reach public hosts only; `allowedDomains` names hosts
     * (exact, or `*.example.com` for its subdomains) trusted even when they resolve to an internal address.
     */
    actions: z.object({ allowedDomains: z.array(z.string().trim().toLowerCase().min(1)).default([]) }).strict().prefault({}),
    /**
     * The agent tool loop (decision 0026): an agent's reply makes at most its own recursion_limit
     * model calls, never more than `maxRecursionLimit`; `recursionLimit` stands in for an agent without one.
     */
    agents: z
      .object({ recursionLimit: z.int().min(1).max(100).default(25), maxRecursionLimit: z.int().min(1).max(100).default(100) })
      .strict()
      .refine((agents) => agents.recursionLimit <= agents.maxRecursionLimit, { error: 'recursionLimit cannot exceed maxRecursionLimit', path: ['recursionLimit'] })
      .prefault({}),
  })
  .strict()
  .superRefine((config, context) => {
    // Mailed links must not be built from a request's own Origin header, which anyone can set.
    if (config.email.enabled && !config.serverDomain) context.addIssue({ code: 'custom', path: ['serverDomain'], message: 'Sending e-mail needs the serverDomain its links point to' });
    if (config.coach) {
      const problem = coachProblem(config.endpoints, config.coach);
      if (problem) context.addIssue({ code: 'custom', path: ['coach', problem.field], message: problem.message });
    }
    config.modelSpecs?.list.forEach((spec, index) => {
      const path = ['modelSpecs', 'list', index, 'preset'];
      const kind = endpointKind(config.endpoints, spec.preset.endpoint);
      if (!kind) {
        context.addIssue({ code: 'custom', path: [...path, 'endpoint'], message: `No configured endpoint is named ${spec.preset.endpoint}` });
        return;
      }
      const problem = checkParameters(kind, spec.preset.model, spec.preset);
      if (problem) context.addIssue({ code: 'custom', path: [...path, problem.param], message: problem.message });
    });
  });

/**
 * Why the coach cannot run: its endpoint is not configured, needs each user's own key (the coach
 * runs with the server's), or does not list the model.
 */
function coachProblem(endpoints: EndpointsConfig, coach: { endpoint: string; model: string }): { field: 'endpoint' | 'model'; message: string } | null {
  const kind = endpointKind(endpoints, coach.endpoint);
  if (!kind) return { field: 'endpoint', message: `No configured endpoint is named ${coach.endpoint}` };
  if (kind === 'demo') return null;
  const endpoint = kind === 'custom' ? endpoints.custom.find((custom) => custom.name === coach.endpoint) : endpoints[kind];
  if (endpoint && 'apiKey' in endpoint && endpoint.apiKey === 'user_provided') {
    return { field: 'endpoint', message: `The coach needs a server key, but ${coach.endpoint} is user_provided` };
  }
  if (endpoint && !endpoint.models.includes(coach.model)) return { field: 'model', message: `${coach.endpoint} does not list the model ${coach.model}` };
  return null;
}

/** The kind of the configured endpoint a client names, or null when none has that name. */
export function endpointKind(endpoints: EndpointsConfig, name: string): ParameterKind | null {
  if (name === 'demo') return endpoints.demo.enabled ? 'demo' : null;
  if (endpoints.custom.some((custom) => custom.name === name)) return 'custom';
  const builtIn = PARAMETER_KINDS.find((kind) => kind === name && kind !== 'custom' && kind !== 'demo');
  return builtIn && endpoints[builtIn as Exclude<ParameterKind, 'custom' | 'demo'>] ? builtIn : null;
}

export type AppConfig = z.output<typeof appConfigSchema>;

/** Parses raw config; on failure the message names every bad key by its dotted path. */
export function parseAppConfig(raw: unknown, source = 'app config'): AppConfig {
  const result = appConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = [...issue.path, ...('keys' in issue && Array.isArray(issue.keys) ? [issue.keys.join(', ')] : [])].join('.');
    return `${path || '(root)'}: ${issue.message}`;
  });
  throw new Error(`Invalid ${source}: ${problems.join('; ')}`);
}

/** The SDK adapter each endpoint kind runs on: openAI, azureOpenAI and custom share the openai SDK. */
export const ADAPTER_OF_KIND = {
  openAI: 'openai',
  azureOpenAI: 'openai',
  custom: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  bedrock: 'bedrock',
  demo: 'demo',
} as const satisfies Record<ParameterKind, string>;

export type ModelAdapter = (typeof ADAPTER_OF_KIND)[ParameterKind];

/**
 * The adapter the coach runs on, or 'none' when no coach model is configured. The demo endpoint's
 * canned replies are no questions, so a demo coach counts as none.
 */
export function coachAdapter(config: Pick<AppConfig, 'coach' | 'endpoints'>): Exclude<ModelAdapter, 'demo'> | 'none' {
  if (!config.coach) return 'none';
  const kind = endpointKind(config.endpoints, config.coach.endpoint);
  const adapter = kind ? ADAPTER_OF_KIND[kind] : 'demo';
  return adapter === 'demo' ? 'none' : adapter;
}
