import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { AppConfig } from '@meld/shared';
import { env } from '../config/env.ts';
import { logger } from '../http/logger.ts';
import { linksInReplies } from './links.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message; false when the deployment sends no e-mail (nothing leaves the server). */
export type SendMail = (message: MailMessage) => Promise<boolean>;

let client: { region: string; ses: SESv2Client } | undefined;

/**
 * The SES client is imported when the first mail goes out. The stack also defines
 * `process.env.MELD_MAIL_TRANSPORT` at bundle time ('none' with e-mail off: `bundleDefine` in
 * infra), so a deployment that sends no mail ships no SES client (about 85 KB per function).
 */
async function loadSes(): Promise<typeof import('@aws-sdk/client-sesv2')> {
  if (process.env.MELD_MAIL_TRANSPORT === undefined || process.env.MELD_MAIL_TRANSPORT === 'ses') return import('@aws-sdk/client-sesv2');
  throw new Error('This function was built for a deployment that sends no e-mail');
}

/**
 * The one way mail leaves Meld: SES v2 SendEmail from the configured address, or nothing with
 * e-mail off. A refused send is logged (its error name only: SES messages quote addresses) and
 * reported as not sent, never thrown: an answer that failed only for real accounts would tell
 * who has one, and a registration must not fail after the account exists. `npm start` without
 * mail (MELD_MAIL_TRANSPORT=console, set by the local runtime only; the Lambda bundles fix it to
 * 'ses' or 'none') prints the message in its own terminal instead: the one machine's inbox, so a
 * reset works there without any reply carrying a link (decision 0009).
 */
export function mailer(config: AppConfig): SendMail {
  return async (message) => {
    if (!config.email.enabled) {
      if (process.env.MELD_MAIL_TRANSPORT === 'console' && !linksInReplies(config)) printToTerminal(message);
      return false;
    }
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
  const { SESv2Client, SendEmailCommand } = await loadSes();
  const region = config.email.region || env.region();
  if (client?.region !== region) client = { region, ses: new SESv2Client({ region }) };
  await client.ses.send(
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

function printToTerminal(message: MailMessage): void {
  console.log(`\n  Mail to ${message.to} (not sent: e-mail is off): ${message.subject}\n${message.text.replace(/^/gm, '    ')}\n`);
}
