import type { AskEvent } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import type { ClientResponse } from '../../local/test-stack.ts';
import { registerMember, useApi } from '../api-test-kit.ts';

/**
 * Issue 21 (audit): a reply streaming while its account is deleted saved its messages, and spent
 * its balance, under the deleted account for good, since no second deletion is possible once the
 * profile is gone. The reply now checks the profile after its last write and takes them back.
 * Review follow-up: the reply's sweep took back only the message bodies in S3, so a file an agent's
 * code run stored under files/<userId>/ after the deletion stayed for good; it now deletes every
 * blob the deletion itself does.
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
  it('keeps nothing of the reply: the partition and the member\'s blobs are empty once the stream ends', async () => {
    const client = api().client();
    const { token, body, response } = await registerMember(client);
    const userId = (response.json as { user: { id: string } }).user.id;
    let deletion: Promise<ClientResponse> | undefined;
    let deleted = false;
    let deletedBeforeFinal = false;
    const deleteAccount = () => client.request('DELETE', '/api/user/delete', { headers: { authorization: `Bearer ${token}` }, json: { email: body.email } });

    // What a code run streaming through the deletion stores: an output file, written after the
    // deletion's own sweep and before the reply's last write, so only the reply's sweep can find it.
    const lateFile = `${keys.userFilesPrefix(userId)}late-output/plot.png`;
    const afterDeletion = async (answer: ClientResponse) => {
      await bucketObjects('files').putBytes(lateFile, new Uint8Array([137, 80, 78, 71]), 'image/png');
      deleted = true;
      return answer;
    };

    const reply = await askStream(api().baseUrl, '/api/ask/demo', token, { text: 'Tell me about the tides', conversationId: null, model: 'meld-demo', endpoint: 'demo' }, (event: AskEvent) => {
      if (event.type === 'delta' && !deletion) deletion = deleteAccount().then(afterDeletion);
      if (event.type === 'final') deletedBeforeFinal = deleted;
    });

    expect(reply.status).toBe(200);
    expect((await deletion)?.status).toBe(200);
    // The deletion was over before the reply saved itself: the race the audit found.
    expect(deletedBeforeFinal).toBe(true);
    expect(await partitionItems(userId)).toEqual([]);
    expect(await bucketObjects('files').listKeys(keys.userFilesPrefix(userId))).toEqual([]);
  });
});
