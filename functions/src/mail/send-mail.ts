import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { AppConfig } from '@meld/shared';
import { env } from '../config/env.ts';
import { logger } from '../http/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message; false when the deployment sends no e-mail (nothing leaves the server). */
export type SendMail = (message: MailMessage) => Promise<boolean>;

let client: { region: string; ses: SESv2Client } | undefined;

function sesClient(region: string): SESv2Client {
  if (client?.region !== region) client = { region, ses: new SESv2Client({ region }) };
  return client.ses;
}

/**
 * The one way mail leaves Meld: SES v2 SendEmail from the configured address, or nothing with
 * e-mail off. A refused send is logged (its error name only: SES messages quote addresses) and
 * reported as not sent, never thrown: an answer that failed only for real accounts would tell
 * who has one, and a registration must not fail after the account exists.
 */
export function mailer(config: AppConfig): SendMail {
  return async (message) => {
    if (!config.email.enabled) return false;
    try {
      await send(config, message);
      return true;
    } catch (error) {
      logger.warn('Mail not sent', { reason: error instanceof Error ? error.name : 'unknown' });
      return false;
    }
  };
}

async function send(config: AppConfig, message: MailMessage): Promise<void> {
  await sesClient(config.email.region || env.region()).send(
    new SendEmailCommand({
      FromEmailAddress: config.email.from,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
