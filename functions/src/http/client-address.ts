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
 * The caller's IP address, for per-address rate limits and bans. Behind CloudFront the TCP peer
 * API Gateway sees is an edge server that many people share, so the viewer's own address comes
 * from CloudFront-Viewer-Address ("<ip>:<port>", IPv6 without brackets), which CloudFront sets and
 * the origin request policy forwards. That header is believed only on requests carrying the edge
 * origin key (decision 0011): anyone calling the API directly could otherwise name any address.
 * Without it (a direct call, or the local gateway) the peer is the caller.
 */
export async function clientAddress(event: AddressedEvent): Promise<string> {
  const peer = event.requestContext?.http?.sourceIp ?? 'unknown';
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (!viewer || !(await fromOurCloudFront(event))) return peer;
  const address = viewer.slice(0, Math.max(0, viewer.lastIndexOf(':')));
  return isIP(address) ? address : peer;
}
