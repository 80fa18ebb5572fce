import { parseAppConfig } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { CodeRunResult } from '../../code-runner/types.ts';
import type { StoredFile } from '../../store/file-store.ts';
import { createExecuteCodeTool } from '../agents/tools/execute-code.ts';
import { endpointRules } from '../files/file-rules.ts';
import { requireCodeTool, requireRunCode } from './code-access.ts';
import { executeCode, resultText, type CodeRunDeps } from './execute-code.ts';

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

function fakeDeps(run: Partial<CodeRunResult>) {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const files: StoredFile[] = [];
  let next = 0;
  const uploads = { allowed: 50 };
  const deps: CodeRunDeps = {
    run: () => Promise.resolve({ stdout: '', stderr: '', timedOut: false, files: [], ...run }),
    newId: () => `file-${++next}`,
    putBytes: (key, bytes, type) => {
      objects.set(key, { bytes, type });
      return Promise.resolve();
    },
    putFile: (file) => {
      files.push(file);
      return Promise.resolve(true);
    },
    objectKey: (userId, fileId, name) => `files/${userId}/${fileId}/${name}`,
    rules: endpointRules(parseAppConfig({}), undefined),
    admitUpload: () => Promise.resolve(uploads.allowed-- > 0),
  };
  return { deps, objects, files, uploads };
}

const now = new Date('2026-11-22T10:00:00.000Z');

describe('executeCode', () => {
  it('keeps each generated file as the user\'s execute_code file with its sniffed type and image size', async () => {
    const { deps, objects, files } = fakeDeps({ stdout: 'saved', files: [{ name: 'plots/chart.png', base64: PNG_1X1 }] });
    const outcome = await executeCode(deps, { userId: 'u1', toolCallId: 'call-1', lang: 'python', code: 'x', now });
    expect(outcome.result).toBe('stdout:\nsaved\n\nfiles:\nchart.png');
    expect(outcome.attachments).toEqual([{ file_id: 'file-1', toolCallId: 'call-1', filename: 'chart.png', filepath: '/api/files/download/u1/file-1', type: 'image/png', bytes: 70, width: 1, height: 1 }]);
    expect(files[0]).toMatchObject({ user: 'u1', source: 'execute_code', temporary: false, objectKey: 'files/u1/file-1/chart.png' });
    expect(objects.get('files/u1/file-1/chart.png')?.type).toBe('image/png');
  });

  it('labels bytes it cannot recognise as application/octet-stream', async () => {
    const { deps } = fakeDeps({ files: [{ name: 'blob.bin', base64: Buffer.from([0, 1, 2, 255]).toString('base64') }] });
    const outcome = await executeCode(deps, { userId: 'u1', toolCallId: 'c', lang: 'python', code: 'x', now });
    expect(outcome.attachments[0]?.type).toBe('application/octet-stream');
  });

  it('holds a run\'s files to the member\'s file rules like uploads: count, size, total, no programs', async () => {
    const file = (name: string, bytes: number | Buffer) => ({ name, base64: (typeof bytes === 'number' ? Buffer.alloc(bytes, 1) : bytes).toString('base64') });
    const { deps, files } = fakeDeps({
      files: [file('a.txt', 10), file('empty.txt', 0), file('big.bin', 3 * 1024), file('tool.exe', Buffer.from('MZ\x90\x00rest-of-a-program')), file('b.txt', 10), file('c.txt', 10)],
    });
    deps.rules = { ...deps.rules, fileLimit: 2, fileSizeLimit: 2 * 1024, totalSizeLimit: 1024 * 1024 };
    const outcome = await executeCode(deps, { userId: 'u1', toolCallId: 'c', lang: 'python', code: 'x', now });
    expect(files.map((kept) => kept.filename)).toEqual(['a.txt', 'b.txt']);
    expect(outcome.result).toBe(
      'files:\na.txt\nb.txt\n\nfiles not kept:\nempty.txt: it is empty\nbig.bin: it is larger than the 2 KB file size limit\ntool.exe: programs cannot be kept\nc.txt: a run keeps at most 2 files (file limit)',
    );
  });

  it('keeps no more files once the upload rate limit refuses', async () => {
    const { deps, files, uploads } = fakeDeps({ files: ['a', 'b', 'c'].map((name) => ({ name: `${name}.txt`, base64: Buffer.from(name).toString('base64') })) });
    uploads.allowed = 1;
    const outcome = await executeCode(deps, { userId: 'u1', toolCallId: 'c', lang: 'python', code: 'x', now });
    expect(files.map((kept) => kept.filename)).toEqual(['a.txt']);
    expect(outcome.result).toBe('files:\na.txt\n\nfiles not kept:\nb.txt: the upload rate limit is reached\nc.txt: the upload rate limit is reached');
  });
});

describe('resultText', () => {
  it('names each part of the run, leaves the value out when the run failed, and says when there was nothing', () => {
    expect(resultText({ stdout: 'a', stderr: 'b', result: '3', timedOut: false, files: [] }, [])).toBe('stdout:\na\n\nstderr:\nb\n\nresult:\n3');
    expect(resultText({ stdout: '', stderr: '', result: '3', error: 'ValueError: x', timedOut: false, files: [] }, [])).toBe('error:\nValueError: x');
    expect(resultText({ stdout: '', stderr: '', timedOut: false, files: [] }, [])).toBe('The program finished without output.');
  });
});

describe('the agents\' code tool', () => {
  const context = { userId: 'u1', conversationId: 'c1', messageId: 'm1', toolCallId: 'call-9', fileIds: [], signal: new AbortController().signal, now };

  it('answers the run\'s text and files to the model', async () => {
    const { deps } = fakeDeps({ stdout: '4' });
    const tool = createExecuteCodeTool(() => deps);
    expect(await tool.run({ lang: 'py', code: 'print(2 + 2)' }, context)).toEqual({ output: 'stdout:\n4', attachments: [] });
  });

  it('answers bad arguments and a failing sandbox as tool errors the model can read', async () => {
    const { deps } = fakeDeps({});
    const tool = createExecuteCodeTool(() => ({ ...deps, run: () => Promise.reject(new Error('runner down')) }));
    expect((await tool.run({ lang: 'ruby', code: 'puts 1' }, context)).output).toBe('error processing tool: lang must be javascript or python');
    expect((await tool.run({ lang: 'python', code: '' }, context)).output).toBe('error processing tool: code must be 1 to 50000 characters');
    expect((await tool.run({ lang: 'python', code: 'print(1)' }, context)).output).toBe('error processing tool: runner down');
  });
});

describe('code access', () => {
  it('knows only the execute_code tool', () => {
    expect(() => requireCodeTool('execute_code')).not.toThrow();
    expect(() => requireCodeTool('web_search')).toThrow(expect.objectContaining({ kind: 'not-found', message: 'unknown tool: web_search' }));
  });

  it('refuses every role when the operator turned code runs off', async () => {
    await expect(requireRunCode(parseAppConfig({ interface: { runCode: false } }), 'ADMIN')).rejects.toMatchObject({ kind: 'forbidden', message: 'Running code is turned off on this server' });
  });
});
