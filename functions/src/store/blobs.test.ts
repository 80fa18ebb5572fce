import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../local/test-stack.ts';
import { bucketObjects, getTextBlob, putTextBlob } from './blobs.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('bucket objects', () => {
  it('keep binary audio byte for byte in the audio bucket, apart from the files bucket', async () => {
    const audio = bucketObjects('audio');
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 31) % 256);
    await audio.putBytes('mentor-interviews/m1/stage-1/a.webm', bytes, 'audio/webm');
    expect(await audio.getBytes('mentor-interviews/m1/stage-1/a.webm')).toEqual(bytes);
    expect(await bucketObjects('files').listKeys('mentor-interviews/')).toEqual([]);
    expect(audio.uri('mentor-interviews/m1/stage-1/a.webm')).toBe(`s3://${stack.services.audioBucket}/mentor-interviews/m1/stage-1/a.webm`);
  });

  it('delete objects, counting one already gone as deleted', async () => {
    const audio = bucketObjects('audio');
    await audio.putText('transcripts/job-1.json', '{"results":{}}');
    await audio.delete(['transcripts/job-1.json', 'transcripts/never-there.json']);
    expect(await audio.listKeys('transcripts/')).toEqual([]);
    await expect(audio.getText('transcripts/job-1.json')).rejects.toThrow(/404/);
  });

  it('still keep large message bodies in the files bucket', async () => {
    await putTextBlob('users/u1/body.json', '{"text":"long"}');
    expect(await getTextBlob('users/u1/body.json')).toBe('{"text":"long"}');
    expect(await bucketObjects('files').listKeys('users/u1/')).toEqual(['users/u1/body.json']);
  });
});
