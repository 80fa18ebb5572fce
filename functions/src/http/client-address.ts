import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The caller's IP address, for per-address rate limits and bans. Behind CloudFront the TCP peer
 * API Gateway sees is an edge server that many people share, so the viewer's own address comes
 * from CloudFront-Viewer-Address ("<ip>:<port>", IPv6 without brackets), which CloudFront sets and
 * the origin request policy forwards. Without it (the local gateway) the peer is the caller.
 */
export function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const address = viewer?.slice(0, Math.max(0, viewer.lastIndexOf(':')));
  if (address && isIP(address)) return address;
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
