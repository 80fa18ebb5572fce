import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isInternalAddress } from './internal-address.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

/** Names this test resolves itself: one to a private address, one to a public one. */
const FAKE_DNS: Record<string, string> = { 'intranet.example.test': '10.1.2.3', 'metadata.example.test': '169.254.169.254', 'public.example.test': '93.184.215.14' };

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = (hostname: string, options: object, callback: (error: Error | null, addresses: { address: string; family: number }[]) => void) => {
    const fake = FAKE_DNS[hostname];
    if (fake) return callback(null, [{ address: fake, family: 4 }]);
    return real.lookup(hostname, options as never, callback as never);
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

describe('isInternalAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255'])('refuses IPv4 %s', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', '2002:c0a8:0101::1', '[::1]', 'fe80::1%eth0'])(
    'refuses IPv6 %s',
    (address) => {
      expect(isInternalAddress(address)).toBe(true);
    },
  );

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('lets the public address %s through', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it('treats what is not an address as internal', () => {
    expect(isInternalAddress('not-an-ip')).toBe(true);
  });
});

describe('safeFetch', () => {
  let server: Server;
  let origin: string;
  const received: IncomingMessage[] = [];
  let redirectTo = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request);
      if (request.url === '/redirect') {
        response.writeHead(302, { location: redirectTo });
        response.end();
      } else if (request.url === '/repeat') {
        response.writeHead(307, { location: redirectTo });
        response.end();
      } else if (request.url === '/echo') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => response.end(JSON.stringify({ method: request.method, body })));
      } else if (request.url === '/large') {
        response.end('x'.repeat(5_000));
      } else if (request.url === '/slow') {
        setTimeout(() => response.end('late'), 2_000);
      } else {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ path: request.url, authorization: request.headers.authorization ?? null }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = (overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({ method: 'GET', headers: { authorization: 'Bearer secret' }, allowedDomains: ['127.0.0.1'], timeoutMs: 1_000, maxBytes: 1_000, ...overrides });

  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['a private network', 'http://10.0.0.8/'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['a unique-local IPv6 address', 'http://[fd00::5]/'],
    ['an IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['localhost', 'http://localhost/'],
    ['a name that resolves to a private address', 'http://intranet.example.test/'],
  ])('refuses %s without an allowance', async (_case, url) => {
    await expect(safeFetch(url, options({ allowedDomains: [] }))).rejects.toThrow(/internal/);
  });

  it('refuses schemes other than http and https', async () => {
    await expect(safeFetch('file:///etc/passwd', options())).rejects.toThrow('Only http and https URLs can be called, not file:');
  });

  it('calls a host the operator allowed and answers its status and body', async () => {
    const answer = await safeFetch(`${origin}/hello`, options());
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ path: '/hello', authorization: 'Bearer secret' });
  });

  it.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to the metadata service', 'http://metadata.example.test/'],
    ['a private network by name', 'http://intranet.example.test/admin'],
    ['IPv6 loopback', 'http://[::1]:8080/'],
  ])('does not follow a redirect to %s', async (_case, target) => {
    redirectTo = target;
    await expect(safeFetch(`${origin}/redirect`, options())).rejects.toThrow(/internal/);
  });

  it('follows a redirect to an allowed host without the credentials when the host changes', async () => {
    redirectTo = `http://localhost:${new URL(origin).port}/landed`;
    const answer = await safeFetch(`${origin}/redirect`, options({ allowedDomains: ['127.0.0.1', 'localhost'] }));
    expect(JSON.parse(answer.body)).toEqual({ path: '/landed', authorization: null });
  });

  describe('a redirect that repeats the request (307, 308)', () => {
    /** Another origin, counting what reaches it. */
    let other: Server;
    let otherOrigin: string;
    const reached: { url: string; body: string; authorization: string | null }[] = [];
    beforeAll(async () => {
      other = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          reached.push({ url: request.url ?? '', body, authorization: request.headers.authorization ?? null });
          response.end('{}');
        });
      });
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

    const post = (overrides: Partial<SafeFetchOptions> = {}) => options({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'client_secret=s3cret&code=c0de', ...overrides });

    it('does not send the body to another origin: the request is refused, and the other origin receives nothing', async () => {
      redirectTo = `${otherOrigin}/steal`;
      await expect(safeFetch(`${origin}/repeat`, post())).rejects.toThrow(`The server answered 307 to another origin (${otherOrigin}); the request, with its body, is not sent there`);
      expect(reached).toEqual([]);
    });

    it('repeats the request, body and all, within the same origin', async () => {
      redirectTo = '/echo';
      const answer = await safeFetch(`${origin}/repeat`, post());
      expect(JSON.parse(answer.body)).toEqual({ method: 'POST', body: 'client_secret=s3cret&code=c0de' });
    });

    it('follows one to another origin when there is no body, without the credentials', async () => {
      reached.length = 0;
      redirectTo = `${otherOrigin}/landed`;
      expect((await safeFetch(`${origin}/repeat`, options())).status).toBe(200);
      expect(reached).toEqual([{ url: '/landed', body: '', authorization: null }]);
    });

    it('follows none when asked not to', async () => {
      redirectTo = '/echo';
      await expect(safeFetch(`${origin}/repeat`, post({ maxRedirects: 0 }))).rejects.toThrow('The server answered 307 (a redirect), which this request does not follow');
    });
  });

  it('stops at the size cap and the time limit', async () => {
    await expect(safeFetch(`${origin}/large`, options())).rejects.toThrow('The response is larger than 1000 bytes');
    await expect(safeFetch(`${origin}/slow`, options({ timeoutMs: 200 }))).rejects.toThrow('No answer within 0.2 s');
  });
});
