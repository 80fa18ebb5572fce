import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * A real OpenID Connect provider on a local port, for tests (decision 0010): discovery, JWKS, an
 * authorize page where a person (or a test posting its form) signs in as any e-mail, and a token
 * endpoint that checks the PKCE verifier and redirect URI before it signs an RS256 ID token.
 */
export interface FakeOidcProvider {
  /** The issuer URL, as the app config's social.issuer.url. */
  url: string;
  clientId: string;
  /** 'foreign': ID tokens are signed by a key the JWKS does not hold (under the same key id). */
  signWith(key: 'own' | 'foreign'): void;
  stop(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

const KEY_ID = 'fixture-key';
const AUTHORIZE_FIELDS = ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'identity_provider'] as const;

export async function startFakeOidcProvider(options: { clientId?: string; port?: number } = {}): Promise<FakeOidcProvider> {
  const clientId = options.clientId ?? 'meld-local';
  const own = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(own.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }] };
  const codes = new Map<string, PendingCode>();
  let signingKey: CryptoKey = own.privateKey;
  let issuer = '';

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => send(res, 500, 'text/plain', String(error)));
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, jwks);
    if (req.method === 'GET' && url.pathname === '/authorize') return authorizePage(res, url.searchParams);
    if (req.method === 'POST' && url.pathname === '/authorize') return signIn(res, new URLSearchParams(await readBody(req)));
    if (req.method === 'POST' && url.pathname === '/token') return token(res, new URLSearchParams(await readBody(req)));
    send(res, 404, 'text/plain', 'Not found');
  }

  function authorizePage(res: ServerResponse, query: URLSearchParams): void {
    const problem = requestProblem(query);
    if (problem) return send(res, 400, 'text/plain', problem);
    const hidden = AUTHORIZE_FIELDS.map((field) => `<input type="hidden" name="${field}" value="${escapeHtml(query.get(field) ?? '')}">`).join('');
    send(
      res,
      200,
      'text/html; charset=utf-8',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider</title></head><body>
<h1>Local OpenID provider</h1><p>Signing in to ${escapeHtml(query.get('client_id') ?? '')} through ${escapeHtml(query.get('identity_provider') ?? 'OpenID')}</p>
<form method="post" action="/authorize">${hidden}
<label>E-mail <input name="email" type="email" required></label>
<label>Name <input name="name"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> E-mail verified</label>
<button type="submit" name="decision" value="allow">Sign in</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</form></body></html>`,
    );
  }

  function signIn(res: ServerResponse, form: URLSearchParams): void {
    const problem = requestProblem(form);
    if (problem) return send(res, 400, 'text/plain', problem);
    const back = new URL(form.get('redirect_uri')!);
    back.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(24).toString('base64url');
      const email = form.get('email') ?? '';
      codes.set(code, {
        clientId: form.get('client_id')!,
        redirectUri: form.get('redirect_uri')!,
        challenge: form.get('code_challenge')!,
        nonce: form.get('nonce') ?? '',
        email,
        name: form.get('name') || email.split('@')[0]!,
        emailVerified: form.get('email_verified') === 'true',
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function token(res: ServerResponse, form: URLSearchParams): Promise<void> {
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challengeMatches = pending && createHash('sha256').update(verifier).digest('base64url') === pending.challenge;
    if (!pending || pending.clientId !== form.get('client_id') || pending.redirectUri !== form.get('redirect_uri') || !challengeMatches) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ email: pending.email, email_verified: pending.emailVerified, name: pending.name, nonce: pending.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(fakeSubject(pending.email))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(signingKey);
    json(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }

  function requestProblem(params: URLSearchParams): string | undefined {
    if (params.get('client_id') !== clientId) return 'Unknown client_id';
    if (!URL.canParse(params.get('redirect_uri') ?? '')) return 'redirect_uri is missing';
    if (!params.get('code_challenge')) return 'PKCE is required';
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: issuer,
    clientId,
    signWith: (key) => {
      signingKey = key === 'own' ? own.privateKey : foreign.privateKey;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The same person always has the same subject, as at a real provider. */
export function fakeSubject(email: string): string {
  return `sub-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type }).end(body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json', JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
