import * as z from 'zod';
import { SOCIAL_PROVIDERS } from '../constants.ts';

const externalLink = z.object({
  externalUrl: z.string(),
  openNewTab: z.boolean(),
});

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
  interface: z.object({
    privacyPolicy: externalLink.optional(),
    termsOfService: externalLink.optional(),
    customFooter: z.string().optional(),
  }),
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
