import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader } from 'jose';
import Provider, { type AsymmetricSigningAlgorithm, type Configuration, type JWK } from 'oidc-provider';
import { CookieJar } from '../../local/cookie-jar.ts';

/**
 * Not ours: panva's `oidc-provider` (OpenID Certified), on a local port for tests (decision 0010,
 * ARCHITECTURE section 6: independent counterparts beat our own fakes). Its defaults stand,
 * `conformIdTokenClaims` among them: with an access token issued, the ID token carries `sub` and
 * the e-mail and profile claims are in the userinfo answer only. What is configured is what any
 * deployment must: Meld's client, signing keys, the standard scope claims, and the accounts. Its
 * development login and consent pages are driven with fetch and a cookie jar, as a browser would.
 */
export interface ConformantIssuer {
  /** The issuer URL, as the app config's social.issuer.url. */
  url: string;
  clientId: string;
  clientSecret: string;
  /**
   * Registers Meld's client: its redirect URI and the algorithm its ID tokens are signed with.
   * Again to change the algorithm (a fresh provider: its sessions and grants are forgotten).
   */
  registerClient(redirectUri: string, algorithm?: ConformantAlgorithm): void;
  /** The person's sign-in at the authorize URL (login, then consent or its denial); where the browser is sent back. */
  signIn(authorize: URL, person: ConformantPerson): Promise<URL>;
  /** The algorithm in the header of each ID token issued, in order: what the tests' tokens were signed with. */
  signedWith: string[];
  /** Down: every connection is dropped, as a crashed issuer's would be. */
  setDown(down: boolean): void;
  stop(): Promise<void>;
}

export type ConformantAlgorithm = Extract<AsymmetricSigningAlgorithm, 'RS256' | 'PS256' | 'ES256' | 'EdDSA'>;

export interface ConformantPerson {
  email: string;
  name?: string;
  verified?: boolean;
  decision?: 'allow' | 'deny';
}

const CLIENT_ID = 'meld-conformant';

/** The same person always has the same subject, as at a real issuer. */
export function conformantSubject(email: string): string {
  return `acct-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;
}

export async function startConformantIssuer(): Promise<ConformantIssuer> {
  const clientSecret = randomBytes(24).toString('base64url');
  const cookieKeys = [randomBytes(32).toString('hex')];
  // One key per family: RSA signs RS256 and PS256; the provider picks the key by the client's algorithm.
  const keys = [
    generateKeyPairSync('rsa', { modulusLength: 2048 }),
    generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    generateKeyPairSync('ed25519'),
  ].map(({ privateKey }, index) => ({ ...(privateKey.export({ format: 'jwk' }) as JWK), kid: `key-${index}`, use: 'sig' }));
  const people = new Map<string, ConformantPerson>();
  const signedWith: string[] = [];
  let handle: ReturnType<Provider['callback']> | undefined;
  let down = false;

  // Down, new connections are dropped at once, and so are requests on connections kept alive from before.
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (down || !handle) return void req.socket.destroy();
    void handle(req, res);
  });
  server.on('connection', (socket) => down && socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration = (redirectUri: string, algorithm: ConformantAlgorithm): Configuration => ({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        id_token_signed_response_alg: algorithm,
      },
    ],
    jwks: { keys },
    cookies: { keys: cookieKeys },
    // The scope claims of OIDC Core 5.4 (the provider's default knows only `openid`).
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Lifetimes of its artifacts: set only so that it does not print a notice for each.
    ttl: { AccessToken: 300, AuthorizationCode: 60, Grant: 600, IdToken: 300, Interaction: 600, Session: 600 },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      const claims = { sub, email: person.email, email_verified: person.verified !== false, name: person.name ?? 'Ada Lovelace' };
      return { accountId: sub, claims: () => claims };
    },
  });

  return {
    url,
    clientId: CLIENT_ID,
    clientSecret,
    signedWith,
    registerClient(redirectUri, algorithm = 'RS256') {
      const provider = quietly(() => new Provider(url, configuration(redirectUri, algorithm)));
      provider.on('grant.success', (ctx) => {
        const idToken = (ctx.body as { id_token?: unknown } | undefined)?.id_token;
        if (typeof idToken === 'string') signedWith.push(decodeProtectedHeader(idToken).alg ?? 'none');
      });
      handle = provider.callback();
    },
    async signIn(authorize, person) {
      const login = conformantSubject(person.email);
      people.set(login, person);
      return drive(url, authorize, login, person.decision ?? 'allow');
    },
    setDown: (value) => {
      down = value;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A browser at the provider's development pages: follows its redirects with its cookies, signs in
 * as `login` at the login page, and allows (or aborts) at the consent page, until the provider
 * sends it elsewhere: to the client's redirect URI.
 */
async function drive(issuer: string, start: URL, login: string, decision: 'allow' | 'deny'): Promise<URL> {
  const jar = new CookieJar();
  let next: { url: URL; form?: URLSearchParams } = { url: start };
  for (let step = 0; step < 12; step++) {
    const cookie = jar.header(next.url.pathname);
    const response = await fetch(next.url, {
      method: next.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(next.form ? { body: next.form } : {}),
    });
    jar.store(response.headers.getSetCookie(), next.url.pathname);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== issuer) return target;
      next = { url: target };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action || !prompt) throw new Error(`The provider answered ${response.status} without a form: ${page.slice(0, 500)}`);
    const submit = new URL(unescapeHtml(action), next.url);
    if (prompt === 'consent' && decision === 'deny') next = { url: new URL(`${submit.pathname}/abort`, submit) };
    else if (prompt === 'login') next = { url: submit, form: new URLSearchParams({ prompt, login, password: 'any' }) };
    else next = { url: submit, form: new URLSearchParams({ prompt }) };
  }
  throw new Error('The provider never sent the browser back');
}

/** Its start-up warnings say it runs on its in-memory store and development pages: the point here. */
function quietly<T>(make: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('a quick start development-only')) warn(...args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, code: string) => String.fromCharCode(parseInt(code, hex ? 16 : 10))).replace(/&amp;/g, '&');
}
