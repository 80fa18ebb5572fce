import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

/**
 * What differs between a developer's stack and the one real users reach. Chosen with
 * `cdk deploy -c meld:stage=prod`; dev is the default so that trying the stack out is cheap.
 */
export interface StageSettings {
  name: StageName;
  /** How long every function's logs are kept. */
  logRetention: RetentionDays;
  /**
   * How long access logs (CloudFront's, the HTTP API's, the data buckets') are kept: incidents are
   * often found months later, and these say who did what.
   */
  accessLogRetention: RetentionDays;
  /** Requests one IP address may make in 5 minutes before the firewall blocks it for a while. */
  rateLimitPerIp: number;
  /** The same for sign-in, registration and password reset, where guessing is the threat. */
  authRateLimitPerIp: number;
  /** Keep the table (with deletion protection) when the stack is deleted; dev data is disposable. */
  retainData: boolean;
  /**
   * Requests per second (steady, and in a burst) the HTTP API's stage passes on to each route's
   * function, all callers together (API Gateway applies the stage's default route settings to
   * every route on its own); beyond it API Gateway answers 429 without invoking anything, so a
   * flood that gets past the firewall's per-address limits cannot run a route's function without
   * bound. `meld:apiRateLimit` and `meld:apiBurstLimit` override them.
   */
  apiThrottle: ApiThrottle;
  /** Days an overwritten or deleted file or recording stays recoverable as an old version in its bucket. */
  keepOldVersionsDays: number;
  /**
   * Reserved concurrency of each costly route's function (the routes marked `costly`): at most
   * this many run at once, and as many are kept for them; the code runner gets as much for each
   * route that calls it. 0 reserves nothing, as a new account needs: AWS lets an account reserve
   * only what its limit holds beyond 100, and a new account's limit may be as low as 10.
   * `meld:costlyConcurrency` overrides it.
   */
  costlyConcurrency: number;
}

export interface ApiThrottle {
  rateLimit: number;
  burstLimit: number;
}

export const STAGE_NAMES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export const STAGES: Record<StageName, StageSettings> = {
  dev: {
    name: 'dev',
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogRetention: RetentionDays.ONE_MONTH,
    rateLimitPerIp: 2_000,
    authRateLimitPerIp: 300,
    retainData: false,
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    keepOldVersionsDays: 7,
    costlyConcurrency: 0,
  },
  // A pilot cohort of dozens makes a few requests a second at its busiest; the firewall already
  // holds one address to 2,000 in 5 minutes (about 7 a second).
  prod: {
    name: 'prod',
    logRetention: RetentionDays.THREE_MONTHS,
    accessLogRetention: RetentionDays.ONE_YEAR,
    rateLimitPerIp: 2_000,
    authRateLimitPerIp: 100,
    retainData: true,
    apiThrottle: { rateLimit: 200, burstLimit: 400 },
    keepOldVersionsDays: 30,
    // 14 routes and the code runner (20, for its 2 callers) reserve 160 of an established account’s 1,000.
    costlyConcurrency: 10,
  },
};

/** The stage named by the `meld:stage` context value; an unknown name fails synth. */
export function stageFromContext(node: Node): StageSettings {
  const value: unknown = node.tryGetContext('meld:stage') ?? 'dev';
  if (typeof value !== 'string' || !(STAGE_NAMES as readonly string[]).includes(value)) {
    throw new Error(`Invalid context meld:stage: '${String(value)}'. Use one of: ${STAGE_NAMES.join(', ')}`);
  }
  return STAGES[value as StageName];
}

/** The stage's API throttle, with `meld:apiRateLimit` and `meld:apiBurstLimit` (whole numbers from 1) in its place when given. */
export function apiThrottleFromContext(node: Node, stage: StageSettings): ApiThrottle {
  return {
    rateLimit: wholeNumber('meld:apiRateLimit', node.tryGetContext('meld:apiRateLimit'), stage.apiThrottle.rateLimit),
    burstLimit: wholeNumber('meld:apiBurstLimit', node.tryGetContext('meld:apiBurstLimit'), stage.apiThrottle.burstLimit),
  };
}

/** The stage's reserved concurrency per costly function, or `meld:costlyConcurrency` (a whole number from 0) when given. */
export function costlyConcurrencyFromContext(node: Node, stage: StageSettings): number {
  return wholeNumber('meld:costlyConcurrency', node.tryGetContext('meld:costlyConcurrency'), stage.costlyConcurrency, 0);
}

/** A context value that must be a whole number from `least` (`-c key=5` arrives as a string), or `fallback` when not given. */
function wholeNumber(key: string, value: unknown, fallback: number, least = 1): number {
  if (value === undefined || value === '') return fallback;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < least) throw new Error(`Invalid context ${key}: '${String(value)}' is not a whole number from ${least}`);
  return number;
}

/** A custom domain for the distribution, from context (`meld:domainName`, `meld:certificateArn`, optional `meld:hostedZoneId` + `meld:hostedZoneName`). */
export interface DomainSettings {
  domainName: string;
  /** An ACM certificate in us-east-1 (CloudFront only takes those) that covers the domain. */
  certificateArn: string;
  /** When given, the stack writes the alias records; otherwise the operator points a CNAME at the distribution. */
  hostedZone?: { id: string; name: string };
}

const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const US_EAST_1_CERTIFICATE = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Invalid context ${key}: expected a string`);
  return value.trim();
}

export function domainFromContext(node: Node): DomainSettings | undefined {
  const domainName = contextString(node, 'meld:domainName')?.toLowerCase();
  const certificateArn = contextString(node, 'meld:certificateArn');
  const zoneId = contextString(node, 'meld:hostedZoneId');
  const zoneName = contextString(node, 'meld:hostedZoneName')?.toLowerCase().replace(/\.$/, '');
  if (!domainName) {
    if (certificateArn || zoneId || zoneName) throw new Error('Invalid context: meld:certificateArn and meld:hostedZone* need meld:domainName');
    return undefined;
  }
  if (!DOMAIN_NAME.test(domainName)) throw new Error(`Invalid context meld:domainName: '${domainName}' is not a domain name`);
  if (!certificateArn) throw new Error('Invalid context: meld:domainName needs meld:certificateArn, an ACM certificate in us-east-1 that covers it');
  if (!US_EAST_1_CERTIFICATE.test(certificateArn)) throw new Error(`Invalid context meld:certificateArn: '${certificateArn}' is not an ACM certificate ARN in us-east-1 (CloudFront only takes those)`);
  if (Boolean(zoneId) !== Boolean(zoneName)) throw new Error('Invalid context: meld:hostedZoneId and meld:hostedZoneName go together');
  if (zoneName && domainName !== zoneName && !domainName.endsWith(`.${zoneName}`)) {
    throw new Error(`Invalid context: meld:domainName '${domainName}' is not inside the hosted zone '${zoneName}'`);
  }
  return { domainName, certificateArn, ...(zoneId && zoneName ? { hostedZone: { id: zoneId, name: zoneName } } : {}) };
}
