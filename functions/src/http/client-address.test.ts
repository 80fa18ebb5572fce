import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') => ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

describe('clientAddress', () => {
  it('takes the viewer behind CloudFront, not the edge server, for IPv4 and IPv6', () => {
    expect(clientAddress(event({ 'cloudfront-viewer-address': '198.51.100.10:46532' }))).toBe('198.51.100.10');
    expect(clientAddress(event({ 'cloudfront-viewer-address': '2001:db8:85a3::8a2e:370:7334:46532' }))).toBe('2001:db8:85a3::8a2e:370:7334');
  });

  it('falls back to the connection’s peer without CloudFront or with a header that holds no address', () => {
    expect(clientAddress(event({}, '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress(event({ 'cloudfront-viewer-address': 'nonsense' }, '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress({ headers: {} } as unknown as APIGatewayProxyEventV2)).toBe('unknown');
  });
});
