import type { AskEvent } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import type { ClientResponse } from '../../local/test-stack.ts';
import { registerMember, useApi } from '../api-test-kit.ts';

/**
 * Issue 21 (audit): a reply streaming while its account is deleted saved its messages, and spent
 * its balance, under the deleted account for good, since no second deletion is possible once the
 * profile is gone. The reply now checks the profile after its last write and takes them back.
 */
const api = useApi({
  // About 40 words of 100 ms each: four seconds of reply in which to delete the account.
  env: { MELD_DEMO_WORD_DELAY_MS: '100' },
  config: { endpoints: { demo: { enabled: true } }, balance: { enabled: true, startBalance: 100_000 } },
});

async function partitionItems(userId: string): Promise<unknown[]> {
  return table.queryAll({ ConsistentRead: true, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.userPartition(userId) } });
}

describe('an account deleted while a reply streams', () => {
  it('keeps nothing of the reply: the partition is empty once the stream ends', async () => {
    const client = api().client();
    const { token, body, response } = await registerMember(client);
    const userId = (response.json as { user: { id: string } }).user.id;
    let deletion: Promise<ClientResponse> | undefined;
    let deleted = false;
    let deletedBeforeFinal = false;
    const deleteAccount = () => client.request('DELETE', '/api/user/delete', { headers: { authorization: `Bearer ${token}` }, json: { email: body.email } });

    const reply = await askStream(api().baseUrl, '/api/ask/demo', token, { text: 'Tell me about the tides', conversationId: null, model: 'meld-demo', endpoint: 'demo' }, (event: AskEvent) => {
      if (event.type === 'delta' && !deletion) deletion = deleteAccount().then((answer) => ((deleted = true), answer));
      if (event.type === 'final') deletedBeforeFinal = deleted;
    });

    expect(reply.status).toBe(200);
    expect((await deletion)?.status).toBe(200);
    // The deletion was over before the reply saved itself: the race the audit found.
    expect(deletedBeforeFinal).toBe(true);
    expect(await partitionItems(userId)).toEqual([]);
  });
});
