import type { AppConfig } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * Where links in mail and replies point: the configured server domain, or (only when no mail is
 * sent, so the link goes back to whoever asked) the origin the request came from.
 */
export function linkBase(config: AppConfig, event: APIGatewayProxyEventV2): string {
  if (config.serverDomain) return config.serverDomain.replace(/\/+$/, '');
  const origin = event.headers.origin;
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  const proto = event.headers['x-forwarded-proto'] ?? 'http';
  return `${proto}://${event.headers.host ?? 'localhost'}`;
}

/**
 * Links go back in replies on one machine only (decision 0009): the config's `email.returnLinks`,
 * with no mail sent, outside Lambda. A deployed stack refuses the setting at synth; Lambda sets
 * AWS_LAMBDA_FUNCTION_NAME in every function (reserved, no one can unset it), so even a config
 * that slipped through returns no link there.
 */
export function linksInReplies(config: AppConfig): boolean {
  return config.email.returnLinks && !config.email.enabled && !process.env.AWS_LAMBDA_FUNCTION_NAME;
}

/**
 * Whether a reset or verification link can reach its person at all: by mail, in the reply (one
 * machine only), or in `npm start`'s terminal. A deployment without mail has none, so the sign-in
 * page offers no reset it cannot deliver.
 */
export function linksCanReachPeople(config: AppConfig): boolean {
  return config.email.enabled || linksInReplies(config) || (process.env.MELD_MAIL_TRANSPORT === 'console' && !process.env.AWS_LAMBDA_FUNCTION_NAME);
}

export function passwordResetLink(base: string, userId: string, token: string): string {
  return `${base}/reset-password?${new URLSearchParams({ token, userId }).toString()}`;
}

export function verificationLink(base: string, email: string, token: string): string {
  return `${base}/verify?${new URLSearchParams({ token, email }).toString()}`;
}
