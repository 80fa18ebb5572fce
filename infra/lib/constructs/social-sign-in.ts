import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import {
  OAuthScope,
  OidcAttributeRequestMethod,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderApple,
  UserPoolIdentityProviderFacebook,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  type IUserPoolIdentityProvider,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { COGNITO_PROVIDER_NAMES, OAUTH_CALLBACK_PATH, SOCIAL_PROVIDERS, type AppConfig, type SocialProvider } from '@meld/shared';
import { Construct } from 'constructs';

type CognitoConfig = NonNullable<AppConfig['social']['cognito']>;
type ProviderSettings = NonNullable<CognitoConfig['providers'][SocialProvider]>;

export interface SocialSignInProps {
  cognito: CognitoConfig;
  /** The providers the app config enables; each gets its identity provider in the pool. */
  providers: readonly SocialProvider[];
  /** Origins the browser uses (the distribution's, the operator's domain): each gets `/oauth/callback`. */
  origins: readonly string[];
}

/**
 * Federated sign-in in AWS (decision 0010): a Cognito user pool used only as a broker, with the
 * configured identity providers, its hosted domain, and a public app client (authorization code
 * with PKCE) whose one redirect is Meld's `/oauth/callback`. Provider secrets stay in Secrets
 * Manager; CloudFormation resolves them when it creates the identity providers.
 */
export class SocialSignIn extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;

  constructor(scope: Construct, id: string, props: SocialSignInProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      // Nobody signs up at Cognito itself: Meld's own table holds the users.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      // Mutable, so each sign-in refreshes what the provider says.
      standardAttributes: { email: { required: false, mutable: true }, fullname: { required: false, mutable: true } },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.domain = this.userPool.addDomain('HostedDomain', { cognitoDomain: { domainPrefix: props.cognito.domainPrefix } });

    const identityProviders = props.providers.map((provider) => this.identityProvider(provider, props.cognito.providers[provider]));
    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: {},
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: props.origins.map((origin) => `${origin}${OAUTH_CALLBACK_PATH}`),
      },
      supportedIdentityProviders: props.providers.map((provider) => UserPoolClientIdentityProvider.custom(COGNITO_PROVIDER_NAMES[provider])),
      preventUserExistenceErrors: true,
    });
    // The client names its providers by name only: they must exist first.
    for (const identityProvider of identityProviders) this.client.node.addDependency(identityProvider);
  }

  /** What the OAuth functions need to find the issuer (functions/src/auth-providers/oidc-client.ts). */
  get environment(): Record<string, string> {
    return {
      MELD_COGNITO_USER_POOL_ID: this.userPool.userPoolId,
      MELD_COGNITO_CLIENT_ID: this.client.userPoolClientId,
      MELD_COGNITO_DOMAIN: this.domain.baseUrl(),
    };
  }

  private identityProvider(provider: SocialProvider, settings: ProviderSettings | undefined): IUserPoolIdentityProvider {
    if (!settings) throw new Error(`social.cognito.providers.${provider} is missing`);
    const id = `${COGNITO_PROVIDER_NAMES[provider]}Provider`;
    const secret = SecretValue.secretsManager(settings.clientSecretName);
    const userPool = this.userPool;
    switch (provider) {
      case 'google':
        return new UserPoolIdentityProviderGoogle(this, id, {
          userPool,
          clientId: settings.clientId,
          clientSecretValue: secret,
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL, emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED, fullname: ProviderAttribute.GOOGLE_NAME },
        });
      case 'facebook':
        return new UserPoolIdentityProviderFacebook(this, id, {
          userPool,
          clientId: settings.clientId,
          // A dynamic reference: the template holds the secret's name, never its value.
          clientSecret: secret.unsafeUnwrap(),
          scopes: ['public_profile', 'email'],
          attributeMapping: { email: ProviderAttribute.FACEBOOK_EMAIL, fullname: ProviderAttribute.FACEBOOK_NAME },
        });
      case 'apple':
        return new UserPoolIdentityProviderApple(this, id, {
          userPool,
          clientId: settings.clientId,
          teamId: settings.teamId!,
          keyId: settings.keyId!,
          privateKeyValue: secret,
          scopes: ['name', 'email'],
          attributeMapping: { email: ProviderAttribute.APPLE_EMAIL, emailVerified: ProviderAttribute.APPLE_EMAIL_VERIFIED, fullname: ProviderAttribute.APPLE_NAME },
        });
      default:
        return new UserPoolIdentityProviderOidc(this, id, {
          userPool,
          name: COGNITO_PROVIDER_NAMES[provider],
          clientId: settings.clientId,
          clientSecret: secret.unsafeUnwrap(),
          issuerUrl: settings.issuerUrl!,
          scopes: ['openid', 'email', 'profile'],
          attributeRequestMethod: OidcAttributeRequestMethod.GET,
          attributeMapping: {
            email: ProviderAttribute.other('email'),
            emailVerified: ProviderAttribute.other('email_verified'),
            fullname: ProviderAttribute.other('name'),
          },
        });
    }
  }
}

/** The providers a config enables, in a stable order; empty when Cognito is not the issuer. */
export function cognitoProviders(social: AppConfig['social']): SocialProvider[] {
  if (!social.enabled || !social.cognito) return [];
  return SOCIAL_PROVIDERS.filter((provider) => social.providers[provider] === true);
}
