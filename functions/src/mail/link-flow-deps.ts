import type { AppConfig } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { LinkFlowDeps } from '../domain/auth/link-tokens.ts';
import { consumeOneTimeToken, deleteOneTimeTokens, putOneTimeToken } from '../store/one-time-token-store.ts';
import { findUserIdByEmail, getUser } from '../store/user-store.ts';
import { linkBase, linksInReplies } from './links.ts';
import { mailer } from './send-mail.ts';

/** The stores, mailer and link settings the reset and verification flows run with, for one request. */
export function linkFlowDeps(config: AppConfig, event: APIGatewayProxyEventV2, now: Date): LinkFlowDeps {
  return {
    findUserIdByEmail,
    getUser,
    putToken: putOneTimeToken,
    consumeToken: consumeOneTimeToken,
    deleteTokens: deleteOneTimeTokens,
    sendMail: mailer(config),
    appTitle: config.appTitle,
    linkBase: linkBase(config, event),
    returnLinks: linksInReplies(config),
    now,
  };
}

