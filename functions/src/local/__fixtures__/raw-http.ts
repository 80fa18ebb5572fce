import { request } from 'node:http';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http';
import { listenGateway } from '../gateway.ts';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** Starts `server` on a free loopback port and returns its base URL. */
export async function listen(server: Server): Promise<string> {
  return `http://127.0.0.1:${await listenGateway(server, 0, '127.0.0.1')}`;
}

/**
 * node:http rather than fetch: the path goes out byte for byte (no `..` normalisation) and
 * repeated headers stay repeated, which the gateway tests need to see.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: string | Buffer },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
