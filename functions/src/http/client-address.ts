import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ORIGIN_KEY_HEADER } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getEdgeOriginKey } from '../config/secrets.ts';
import { httpErrors } from './errors.ts';

type AddressedEvent = Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>;

/** Hashing first makes the comparison constant-time whatever the presented value's length. */
function sameKey(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Whether CloudFront sent this request: only it knows the edge origin key it adds as a custom
 * origin header. API Gateway's default endpoint can be called directly, with any headers. The
 * secret may list two keys, whitespace apart, while a new one is rolled out (docs/operations.md).
 */
async function fromOurCloudFront(event: AddressedEvent, expected: string | undefined): Promise<boolean> {
  const presented = event.headers?.[ORIGIN_KEY_HEADER];
  if (!presented || expected === undefined) return false;
  // CloudFront sends the secret as it is, so mid-rotation both values arrive together.
  const values = (text: string) => text.split(/\s+/).filter(Boolean);
  const accepted = values(expected);
  return values(presented).some((value) => accepted.some((key) => sameKey(value, key)));
}

/**
 * Refuses a request that did not come through our CloudFront, wherever an edge origin key is set
 * (every function in AWS): API Gateway's own `execute-api` address and a Function URL stay
 * reachable on the internet, and a caller there would skip the firewall (its rate limits, IP
 * reputation and bad-input rules). Without a key (the local runtime) nothing is in front to prove.
 */
export async function refuseBypassingTheEdge(event: AddressedEvent): Promise<void> {
  const expected = await getEdgeOriginKey();
  if (expected === undefined || (await fromOurCloudFront(event, expected))) return;
  throw httpErrors.forbidden('Meld answers only at its site address.');
}

/** The eight 16-bit groups of an IPv6 address (one `isIP` accepted), its zone dropped; an embedded dotted IPv4 is its two groups. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const front = groups(head);
  const back = groups(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * An address as limits and bans name it: an IPv4 address as it is, an IPv6 address by the /64
 * network it belongs to (`2001:db8:1:2::/64`). A home or a rented server gets a whole /64, so one
 * host can send each request from a new IPv6 address: keyed by the full address, 25 addresses of
 * one network with 5 wrong guesses each locked an owner out, and a ban reached one address of
 * millions (issue 21). An IPv4-mapped IPv6 address (`::ffff:0:0/96`) is its IPv4 address however it
 * is written (`::ffff:198.51.100.10`, `::ffff:c633:640a`, `0:0:0:0:0:ffff:198.51.100.10`): by its
 * /64 every one of them would be `0:0:0:0::/64`, one key for the whole IPv4 internet.
 */
export function limitedAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  const [, , , , , marker, high = 0, low = 0] = groups;
  if (marker === 0xffff && groups.slice(0, 5).every((group) => group === 0)) return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The caller's IP address, for per-address rate limits and bans (as {@link limitedAddress} names it). Behind CloudFront the TCP peer
 * API Gateway sees is an edge server that many people share, so the viewer's own address comes
 * from CloudFront-Viewer-Address ("<ip>:<port>", IPv6 without brackets), which CloudFront sets and
 * the origin request policy forwards. That header is believed only on requests carrying the edge
 * origin key (decision 0011): anyone calling the API directly could otherwise name any address.
 * Without it (a direct call, or the local gateway) the peer is the caller.
 */
export async function clientAddress(event: AddressedEvent): Promise<string> {
  const peer = limitedAddress(event.requestContext?.http?.sourceIp ?? 'unknown');
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (!viewer || !(await fromOurCloudFront(event, await getEdgeOriginKey()))) return peer;
  const address = viewer.slice(0, Math.max(0, viewer.lastIndexOf(':')));
  return isIP(address) ? limitedAddress(address) : peer;
}
