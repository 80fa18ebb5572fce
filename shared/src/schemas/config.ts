import * as z from 'zod';
import { SOCIAL_PROVIDERS } from '../constants.ts';
import { conversationSettingsSchema } from './conversation.ts';

const externalLink = z.object({
  externalUrl: z.string(),
  openNewTab: z.boolean(),
});

/** Interface parts an operator can hide (spec 000 section 3); each is shown unless set to false. */
export const INTERFACE_TOGGLES = ['endpointsMenu', 'modelSelect', 'parameters', 'sidePanel', 'presets', 'multiConvo', 'bookmarks', 'prompts', 'agents', 'temporaryChat', 'runCode'] as const;
export type InterfaceToggle = (typeof INTERFACE_TOGGLES)[number];
export type InterfaceToggles = Record<InterfaceToggle, boolean>;

/** A named, ready-made conversation setup offered first in the model menu. */
export const modelSpecSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    label: z.string().trim().min(1).max(200),
    description: z.string().max(1_000).optional(),
    iconURL: z.string().max(2_000).optional(),
    order: z.int().optional(),
    /** The spec a new chat starts with. */
    default: z.boolean().optional(),
    preset: conversationSettingsSchema.extend({ endpoint: z.string().min(1).max(100), model: z.string().min(1).max(200) }),
  })
  .strict();
export type ModelSpec = z.infer<typeof modelSpecSchema>;

export const modelSpecsSchema = z
  .object({
    list: z
      .array(modelSpecSchema)
      .min(1, { error: 'The model spec list needs at least one spec' })
      .refine((list) => new Set(list.map((spec) => spec.name)).size === list.length, { error: 'Model spec names must be unique' }),
    /** Only the specs may be chosen: the endpoint menu and model select are hidden. */
    enforce: z.boolean().default(false),
    /** New chats start from the default spec even when a preset is the default. */
    prioritize: z.boolean().default(true),
  })
  .strict();
export type ModelSpecs = z.output<typeof modelSpecsSchema>;

/** Startup config (spec 000 section 3, spec 001 section 3): what the browser needs before sign-in. */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
  serverDomain: z.string(),
  emailLoginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  passwordResetEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  openidAutoRedirect: z.boolean(),
  openidLabel: z.string(),
  openidImageUrl: z.string(),
  socialLoginEnabled: z.boolean(),
  socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)),
  googleLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  discordLoginEnabled: z.boolean(),
  appleLoginEnabled: z.boolean(),
  ldapLoginEnabled: z.boolean(),
  searchEnabled: z.boolean(),
  termsAcceptanceRequired: z.boolean(),
  /** A real coach model answers coach chats (decision 0049): without one, coach entry points are not offered. */
  coachAvailable: z.boolean(),
  /** A real model, not only the offline demo, answers new chats: "Instant Help" is offered only then. */
  chatModelAvailable: z.boolean(),
  interface: z.object({
    privacyPolicy: externalLink.optional(),
    termsOfService: externalLink.optional(),
    customFooter: z.string().optional(),
    newsletterUrl: z.string().optional(),
    /** The server always sends every toggle; a client treats a missing one as shown. */
    ...(Object.fromEntries(INTERFACE_TOGGLES.map((toggle) => [toggle, z.boolean().optional()])) as Record<InterfaceToggle, z.ZodOptional<z.ZodBoolean>>),
  }),
  modelSpecs: modelSpecsSchema.optional(),
});

export type StartupConfig = z.infer<typeof startupConfigSchema>;

export const bannerSchema = z.object({
  bannerId: z.string(),
  message: z.string(),
  displayFrom: z.string(),
  displayTo: z.string().nullable(),
  isPublic: z.boolean(),
});

export const bannerResponse = bannerSchema.nullable();
export type Banner = z.infer<typeof bannerSchema>;

export const healthResponse = z.object({ status: z.literal('ok'), time: z.string() });

/**
 * GET /api/endpoints/config/override: what the operator set beyond each endpoint's models (the
 * model that writes titles) and how model specs apply, or false when the config overrides nothing.
 */
export const endpointsOverrideResponse = z.union([
  z.literal(false),
  z.object({
    endpoints: z.record(z.string(), z.object({ titleModel: z.string() })),
    modelSpecs: z.object({ enforce: z.boolean(), prioritize: z.boolean() }).nullable(),
  }),
]);
export type EndpointsOverride = z.infer<typeof endpointsOverrideResponse>;
