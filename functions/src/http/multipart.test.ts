import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { readMultipart, requireFile } from './multipart.ts';

const BOUNDARY = '----MeldFormBoundary7MA4YWxkTrZu0gW';

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

function formBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function event(body: Buffer | string, contentType = `multipart/form-data; boundary=${BOUNDARY}`, base64 = true): APIGatewayProxyEventV2 {
  const text = typeof body === 'string' ? body : base64 ? body.toString('base64') : body.toString('utf8');
  return { headers: { 'content-type': contentType }, body: text, isBase64Encoded: base64 } as unknown as APIGatewayProxyEventV2;
}

async function failure(promise: () => Promise<unknown>): Promise<HttpError> {
  try {
    await promise();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the read to fail');
}

describe('readMultipart', () => {
  it('reads files byte for byte and plain fields, from a base64 body', async () => {
    const binary = Buffer.from([0, 255, 13, 10, 45, 45, 13, 10, 1, 2, 3]);
    const form = await readMultipart(
      event(formBody([
        { name: 'note', value: 'hello' },
        { name: 'file', filename: 'export.json', type: 'application/json', value: '{"a":"line\r\nbreak"}' },
        { name: 'blob', filename: 'raw.bin', type: 'application/octet-stream', value: binary },
      ])),
      { maxFileBytes: 1024, maxFiles: 2 },
    );
    expect(form.fields.get('note')).toBe('hello');
    expect(form.files.map((file) => [file.field, file.filename, file.mimeType])).toEqual([
      ['file', 'export.json', 'application/json'],
      ['blob', 'raw.bin', 'application/octet-stream'],
    ]);
    expect(form.files[0]!.data.toString('utf8')).toBe('{"a":"line\r\nbreak"}');
    expect(form.files[1]!.data.equals(binary)).toBe(true);
  });

  it('reads a body that arrives as plain text and a header in any case', async () => {
    const body = formBody([{ name: 'file', filename: 'a.json', value: '[]' }]).toString('utf8');
    const plain = { headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body, isBase64Encoded: false };
    const form = await readMultipart(plain as unknown as APIGatewayProxyEventV2, { maxFileBytes: 100 });
    expect(requireFile(form, 'file').data.toString()).toBe('[]');
  });

  it('keeps UTF-8 file names and drops any directory part', async () => {
    const form = await readMultipart(event(formBody([{ name: 'file', filename: 'C:\\Users\\zoë\\Gespräche.json', value: '{}' }])), { maxFileBytes: 100 });
    expect(form.files[0]!.filename).toBe('Gespräche.json');
  });

  it('answers 413 for a file over the limit', async () => {
    const error = await failure(() => readMultipart(event(formBody([{ name: 'file', filename: 'big.json', value: 'x'.repeat(2049) }])), { maxFileBytes: 2048 }));
    expect(error.status).toBe(413);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('Files must be at most 2 KB.');
  });

  it('accepts a file of exactly the limit', async () => {
    const form = await readMultipart(event(formBody([{ name: 'file', filename: 'edge.json', value: 'x'.repeat(2048) }])), { maxFileBytes: 2048 });
    expect(form.files[0]!.data.length).toBe(2048);
  });

  it('answers 400 when the request is not multipart', async () => {
    const error = await failure(() => readMultipart(event('{"file":1}', 'application/json', false), { maxFileBytes: 100 }));
    expect([error.status, error.message]).toEqual([400, 'Send the upload as multipart/form-data.']);
  });

  it('answers 400 when the boundary is missing or the body is cut short', async () => {
    const noBoundary = await failure(() => readMultipart(event(formBody([]), 'multipart/form-data; charset=utf-8'), { maxFileBytes: 100 }));
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.message).toMatch(/not a valid multipart form/);
    const whole = formBody([{ name: 'file', filename: 'a.json', value: '{"cut":"here"}' }]);
    const cut = await failure(() => readMultipart(event(whole.subarray(0, whole.length - 30)), { maxFileBytes: 100 }));
    expect(cut.status).toBe(400);
    expect(cut.message).toMatch(/not a valid multipart form/);
  });

  it('answers 400 for more files than allowed', async () => {
    const two = formBody([
      { name: 'file', filename: 'a.json', value: '1' },
      { name: 'file', filename: 'b.json', value: '2' },
    ]);
    const error = await failure(() => readMultipart(event(two), { maxFileBytes: 100 }));
    expect([error.status, error.message]).toEqual([400, 'Send at most 1 file.']);
  });
});

describe('requireFile', () => {
  it('answers 400 naming the field when no file came under it', async () => {
    const form = await readMultipart(event(formBody([{ name: 'upload', filename: 'a.json', value: '{}' }])), { maxFileBytes: 100 });
    let caught: unknown;
    try {
      requireFile(form, 'file');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).toBody()).toMatchObject({ message: "Attach the file under the form field 'file'.", field: 'file' });
  });
});
