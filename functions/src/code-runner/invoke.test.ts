import { afterEach, describe, expect, it, vi } from 'vitest';

const answered = vi.hoisted(() => ({ body: '' }));
vi.mock('../aws/aws-signer.ts', () => ({ awsSigner: () => ({ fetch: () => Promise.resolve(new Response(answered.body)) }) }));

const { invokeCodeRunner } = await import('./invoke.ts');

afterEach(() => (answered.body = ''));

/**
 * In the Lambda a program shares the runtime API on localhost with its handler: an answer it
 * posts itself must not pass for the sandbox's (decision 0025).
 */
describe("the code-runner Lambda's answer", () => {
  it('is taken when it has the sandbox result shape', async () => {
    answered.body = JSON.stringify({ stdout: 'hi', stderr: '', timedOut: false, files: [{ name: 'a.txt', base64: 'eA==' }] });
    await expect(invokeCodeRunner('runner', { lang: 'python', code: 'print(1)' })).resolves.toMatchObject({ stdout: 'hi', files: [{ name: 'a.txt' }] });
  });

  it('is refused when forged: a wrong shape or more files than a run keeps', async () => {
    for (const forged of [{ stdout: { toString: 1 }, files: 'x' }, { stdout: '', stderr: '', timedOut: false, files: Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, base64: '' })) }]) {
      answered.body = JSON.stringify(forged);
      await expect(invokeCodeRunner('runner', { lang: 'python', code: 'print(1)' })).rejects.toThrow('The code runner answered in an unexpected form');
    }
  });
});
