import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy answers instead of forwarding, or undefined to forward. */
export type Fault = { status: number; headers: Record<string, string>; body: string } | undefined;

export interface FaultProxy {
  url: string;
  /** Requests seen and requests answered with a fault. */
  readonly seen: number;
  readonly failed: number;
  /** Decides per request (method, path, body) whether it fails; replace it to start or clear a fault. */
  decide: (req: IncomingMessage, body: Buffer) => Fault;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of an embedded service (dynalite, s3rver) that fails the requests
 * `decide` picks and forwards the rest untouched: the Host header too, so SigV4 signatures
 * made for the proxy's address still verify at the service.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  let seen = 0;
  let failed = 0;
  const proxy: FaultProxy = {
    url: '',
    get seen() {
      return seen;
    },
    get failed() {
      return failed;
    },
    decide: () => undefined,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = request({ hostname, port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen++;
      const fault = proxy.decide(req, body);
      if (!fault) return forward(req, res, body);
      failed++;
      res.writeHead(fault.status, fault.headers).end(fault.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
