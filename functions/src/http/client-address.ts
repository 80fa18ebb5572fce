import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ORIGIN_KEY_HEADER } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getEdgeOriginKey } from '../config/secrets.ts';

type AddressedEvent = Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>;

/** Hashing first makes the comparison constant-time whatever the presented value's length. */
function sameKey(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Whether CloudFront sent this request: only it knows the edge origin key it adds as a custom
 * origin header. API Gateway's default endpoint can be called directly, with any headers.
 */
async function fromOurCloudFront(event: AddressedEvent): Promise<boolean> {
  const presented = event.headers?.[ORIGIN_KEY_HEADER];
  if (!presented) return false;
  const expected = await getEdgeOriginKey();
  return expected !== undefined && sameKey(presented, expected);
}

/**
 * An address as limits and bans name it: an IPv4 address as it is, an IPv6 address by the /64
 * network it belongs to (`2001:db8:1:2::/64`). A home or a rented server gets a whole /64, so one
 * host can send each request from a new IPv6 address: keyed by the full address, 25 addresses of
 * one network with 5 wrong guesses each locked an owner out, and a ban reached one address of
 * millions (issue 21). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function limitedAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const front = groups(head);
  const back = groups(tail);
  const all = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
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
  if (!viewer || !(await fromOurCloudFront(event))) return peer;
  const address = viewer.slice(0, Math.max(0, viewer.lastIndexOf(':')));
  return isIP(address) ? limitedAddress(address) : peer;
}
