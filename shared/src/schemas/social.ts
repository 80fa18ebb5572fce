import * as z from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../constants.ts';
import { OIDC_FEDERATED_PROVIDERS } from '../social-constants.ts';

/** A plain OpenID Connect issuer, found by its discovery document (one machine, tests, or an operator's own). */
export const socialIssuerSchema = z
  .object({
    url: z.url(),
    clientId: z.string().min(1),
    /** Only for an issuer that insists on a confidential client; PKCE alone protects the code. */
    clientSecret: z.string().min(1).optional(),
  })
  .strict();

const cognitoProviderSchema = z
  .object({
    clientId: z.string().min(1),
    /** The Secrets Manager secret with the provider's client secret (Apple: its private key). */
    clientSecretName: z.string().min(1),
    /** GitHub, Discord and OpenID: the OIDC issuer Cognito federates with. */
    issuerUrl: z.url().optional(),
    /** Apple only. */
    teamId: z.string().min(1).optional(),
    keyId: z.string().min(1).optional(),
  })
  .strict();

/** AWS: a Cognito user pool with these identity providers and the hosted domain `<domainPrefix>.auth.<region>.amazoncognito.com`. */
export const socialCognitoSchema = z
  .object({
    domainPrefix: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, { error: 'A Cognito domain prefix is lower-case letters, digits and hyphens' }),
    providers: z.partialRecord(z.enum(SOCIAL_PROVIDERS), cognitoProviderSchema).default({}),
  })
  .strict();

interface SocialConfigShape {
  enabled: boolean;
  providers: Partial<Record<SocialProvider, boolean>>;
  issuer?: z.output<typeof socialIssuerSchema> | undefined;
  cognito?: z.output<typeof socialCognitoSchema> | undefined;
}

/** An enabled provider must have somewhere to go: the plain issuer, or its Cognito identity provider. */
export function checkSocialConfig(social: SocialConfigShape, context: z.RefinementCtx): void {
  const enabled = SOCIAL_PROVIDERS.filter((provider) => social.enabled && social.providers[provider] === true);
  if (social.issuer && social.cognito) context.addIssue({ code: 'custom', path: ['cognito'], message: 'Configure either an OIDC issuer or Cognito, not both' });
  if (enabled.length === 0 || social.issuer) return;
  if (!social.cognito) {
    context.addIssue({ code: 'custom', path: ['issuer'], message: 'Social sign-in needs an OIDC issuer or Cognito' });
    return;
  }
  for (const provider of enabled) {
    const settings = social.cognito.providers[provider];
    const path = ['cognito', 'providers', provider];
    if (!settings) context.addIssue({ code: 'custom', path, message: `The enabled provider ${provider} needs its Cognito identity provider settings` });
    else if (OIDC_FEDERATED_PROVIDERS.includes(provider) && !settings.issuerUrl) context.addIssue({ code: 'custom', path: [...path, 'issuerUrl'], message: `${provider} is federated over OIDC and needs an issuerUrl` });
    else if (provider === 'apple' && !(settings.teamId && settings.keyId)) context.addIssue({ code: 'custom', path, message: 'Sign in with Apple needs teamId and keyId' });
  }
}

export const oauthProviderParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** What the issuer sends back: a code and the state, or an error such as access_denied. */
export const oauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** Both OAuth routes answer 302 with a Location and no body. */
export const oauthRedirectResponse = z.null();

/** Linking a provider to the signed-in account: where the browser goes next (the issuer's sign-in). */
export const socialLinkResponse = z.object({ url: z.string() });
