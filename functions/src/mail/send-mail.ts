import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { AppConfig } from '@meld/shared';
import { env } from '../config/env.ts';

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

/** The one way mail leaves Meld: SES v2 SendEmail from the configured address, or nothing with e-mail off. */
export function mailer(config: AppConfig): SendMail {
  return async (message) => {
    if (!config.email.enabled) return false;
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
    return true;
  };
}
