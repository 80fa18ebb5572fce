import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach } from 'vitest';

/** SES v2 for a describe block's tests: every send succeeds with `messageId`; the mock is reset before each test. */
export function useSesMock(messageId = 'sent') {
  const ses = mockClient(SESv2Client);
  afterAll(() => ses.restore());
  beforeEach(() => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: messageId });
  });
  return ses;
}
