import { routeList } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { table } from './table.ts';
import { bucketObjects } from './blobs.ts';
import { withDeclaredAccess } from './declared-access.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const item = { pk: 'TABLE-ACCESS#1', sk: 'ITEM' };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe('table access as the route declares it (IAM, locally)', () => {
  it('lets a read-only route read, and refuses it every write, as its role would in AWS', async () => {
    await table.put(item);
    const reader = { handler: 'test/reader', table: ['read'] } as const;
    await withDeclaredAccess(reader, async () => {
      expect(await refusal(table.get(item))).toBe('allowed');
      expect(await refusal(table.query({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': item.pk } }))).toBe('allowed');
      expect(await refusal(table.put({ ...item, changed: true }))).toMatch(/^AccessDeniedException: test\/reader is not authorized to perform: dynamodb:PutItem on resource: table\//);
      expect(await refusal(table.update(item, { UpdateExpression: 'SET changed = :t', ExpressionAttributeValues: { ':t': true } }))).toMatch(/dynamodb:UpdateItem/);
      expect(await refusal(table.delete(item))).toMatch(/dynamodb:DeleteItem/);
      expect(await refusal(table.batchWrite([], [item]))).toMatch(/dynamodb:BatchWriteItem/);
      expect(await refusal(table.scanAll())).toMatch(/dynamodb:Scan/);
    });
    expect(await table.get(item)).toEqual(item);
  });

  it('queries only the indexes a route names, and nothing at all for a route that declares none', async () => {
    const query = (index: string) => table.query({ IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ExpressionAttributeValues: { ':pk': 'nobody' } });
    await withDeclaredAccess({ handler: 'test/lister', table: ['read', 'gsi2'] }, async () => {
      expect(await refusal(query('gsi2'))).toBe('allowed');
      expect(await refusal(query('gsi1'))).toMatch(/^AccessDeniedException: .*dynamodb:Query on resource: table\/.*\/index\/gsi1/);
    });
    await withDeclaredAccess({ handler: 'test/static', table: [] }, async () => {
      expect(await refusal(table.get(item))).toMatch(/dynamodb:GetItem/);
    });
  });

  it('reaches only the bucket folders a route declares, for every kind of call', async () => {
    const files = bucketObjects('files');
    await withDeclaredAccess({ handler: 'test/avatars', table: ['read'], lambda: { buckets: ['files:avatars'] } }, async () => {
      expect(await refusal(files.putText('avatars/u1/a.json', '{}'))).toBe('allowed');
      expect(await refusal(files.getText('avatars/u1/a.json'))).toBe('allowed');
      expect(await refusal(files.listKeys('avatars/u1/'))).toBe('allowed');
      const outside = /^AccessDeniedException: test\/avatars is not authorized to reach files:messages\//;
      expect(await refusal(files.putText('messages/u1/m.json', '{}'))).toMatch(outside);
      expect(await refusal(files.getText('messages/u1/m.json'))).toMatch(outside);
      expect(await refusal(files.findBytes('messages/u1/m.json'))).toMatch(outside);
      expect(await refusal(files.listKeys('messages/u1/'))).toMatch(outside);
      expect(await refusal(files.delete(['messages/u1/m.json']))).toMatch(outside);
      expect(await refusal(files.presign('GET', 'messages/u1/m.json', { expiresSeconds: 60 }))).toMatch(outside);
      expect(await refusal(files.copy('messages/u1/m.json', 'avatars/u1/b.json'))).toMatch(outside);
      expect(await refusal(bucketObjects('audio').getText('speech/u1/a.webm'))).toMatch(/not authorized to reach audio:speech\//);
    });
    await withDeclaredAccess({ handler: 'test/no-buckets', table: ['read'] }, async () => {
      expect(await refusal(files.getText('avatars/u1/a.json'))).toMatch(/not authorized to reach files:avatars\//);
    });
  });

  it('lets every route that starts a transcription write the transcripts folder, as Transcribe writes with the caller’s rights', () => {
    const transcribers = routeList.filter((route) => route.lambda?.transcribe);
    expect(transcribers.length).toBeGreaterThan(0);
    for (const route of transcribers) expect(route.lambda?.buckets, route.name).toContain('audio:transcripts');
  });

  it('is declared by every route of the table, Scan by none', () => {
    expect(routeList.filter((route) => route.table === undefined).map((route) => route.name)).toEqual([]);
    expect(routeList.filter((route) => route.table?.includes('scan')).map((route) => route.name)).toEqual([]);
  });
});
