import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG_PATH } from '../lib/paths.ts';
import { synth, tempConfig } from './support/synth.ts';
import { referencedIds, resources, routeFunctions } from './support/template.ts';

const baseConfig = JSON.parse(readFileSync(DEFAULT_APP_CONFIG_PATH, 'utf8')) as Record<string, unknown>;

const cognitoSocial = {
  enabled: true,
  order: ['google', 'github', 'openid'],
  providers: { google: true, github: true, openid: true },
  cognito: {
    domainPrefix: 'meld-pilot',
    providers: {
      google: { clientId: 'google-client', clientSecretName: 'meld/google' },
      github: { clientId: 'github-client', clientSecretName: 'meld/github', issuerUrl: 'https://github-oidc.example.com' },
      openid: { clientId: 'meld', clientSecretName: 'meld/openid', issuerUrl: 'https://id.example.com' },
    },
  },
};

const withSocial = synth({ appConfigPath: tempConfig({ ...baseConfig, serverDomain: 'https://meld.example.com', social: cognitoSocial }) });
const template = withSocial.template;
const json = JSON.stringify(template.toJSON());

function single(type: string) {
  const found = resources(template, type);
  expect(found).toHaveLength(1);
  return found[0]![1].Properties!;
}

describe('social sign-in through Cognito', () => {
  it('creates no user pool when social sign-in is off', () => {
    expect(resources(synth().template, 'AWS::Cognito::UserPool')).toHaveLength(0);
  });

  it('brokers through a user pool nobody can sign up to directly, on the configured hosted domain', () => {
    expect(single('AWS::Cognito::UserPool')).toMatchObject({ AdminCreateUserConfig: { AllowAdminCreateUserOnly: true } });
    expect(single('AWS::Cognito::UserPoolDomain')).toMatchObject({ Domain: 'meld-pilot' });
  });

  it('federates Google natively and GitHub and the OpenID issuer over OIDC, with e-mail and its verification mapped', () => {
    const providers = resources(template, 'AWS::Cognito::UserPoolIdentityProvider').map(([, resource]) => resource.Properties!);
    const byName = new Map(providers.map((provider) => [provider.ProviderName as string, provider]));
    expect([...byName.keys()].sort()).toEqual(['GitHub', 'Google', 'OpenID']);
    expect(byName.get('Google')).toMatchObject({ ProviderType: 'Google', AttributeMapping: { email: 'email', email_verified: 'email_verified' } });
    expect(byName.get('GitHub')).toMatchObject({ ProviderType: 'OIDC', ProviderDetails: { oidc_issuer: 'https://github-oidc.example.com', client_id: 'github-client' } });
    expect(byName.get('OpenID')).toMatchObject({ ProviderType: 'OIDC', AttributeMapping: { email: 'email', email_verified: 'email_verified' } });
  });

  it('keeps provider secrets in Secrets Manager: the template holds references, not values', () => {
    for (const name of ['meld/google', 'meld/github', 'meld/openid']) expect(json).toContain(`{{resolve:secretsmanager:${name}:SecretString:::}}`);
  });

  it('gives the web a public client: authorization code only, no secret, the callback on the configured domain and the distribution', () => {
    const client = single('AWS::Cognito::UserPoolClient');
    expect(client).toMatchObject({ GenerateSecret: false, AllowedOAuthFlows: ['code'], AllowedOAuthFlowsUserPoolClient: true });
    expect(client.AllowedOAuthScopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect((client.SupportedIdentityProviders as string[]).sort()).toEqual(['GitHub', 'Google', 'OpenID']);
    const callbacks = client.CallbackURLs as unknown[];
    expect(callbacks[0]).toBe('https://meld.example.com/oauth/callback');
    expect(JSON.stringify(callbacks[1])).toContain('DomainName');
  });

  it('tells only the OAuth functions (sign-in, its callback, linking from Settings) where the user pool, client and hosted domain are', () => {
    const [poolId] = resources(template, 'AWS::Cognito::UserPool')[0]!;
    for (const [handler, fn] of routeFunctions(template)) {
      const env = (fn.props.Environment as { Variables: Record<string, unknown> }).Variables;
      if (handler.startsWith('oauth/')) {
        expect(referencedIds(env.MELD_COGNITO_USER_POOL_ID).has(poolId), handler).toBe(true);
        expect(env.MELD_COGNITO_CLIENT_ID, handler).toBeDefined();
        expect(JSON.stringify(env.MELD_COGNITO_DOMAIN), handler).toContain('amazoncognito.com');
      } else {
        expect(env.MELD_COGNITO_USER_POOL_ID, handler).toBeUndefined();
      }
    }
  });

  it('fails synth when Cognito sign-in has no serverDomain to put its callback on', () => {
    expect(() => synth({ appConfigPath: tempConfig({ ...baseConfig, serverDomain: '', social: cognitoSocial }) })).toThrow(/serverDomain/);
  });

  it('fails synth when an enabled provider has no Cognito settings', () => {
    const social = { ...cognitoSocial, providers: { ...cognitoSocial.providers, discord: true } };
    expect(() => synth({ appConfigPath: tempConfig({ ...baseConfig, serverDomain: 'https://meld.example.com', social }) })).toThrow(/social\.cognito\.providers\.discord/);
  });

  it('sends /oauth/* to the HTTP API through CloudFront, uncached', () => {
    const distribution = single('AWS::CloudFront::Distribution').DistributionConfig as { CacheBehaviors: { PathPattern: string; TargetOriginId: string; CachePolicyId: string }[] };
    const oauth = distribution.CacheBehaviors.find((behavior) => behavior.PathPattern === '/oauth/*');
    const api = distribution.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(oauth?.TargetOriginId).toBe(api?.TargetOriginId);
    expect(oauth?.CachePolicyId).toBe(api?.CachePolicyId);
  });
});
