import { ORIGIN_KEY_HEADER } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSecretsCache } from '../config/secrets.ts';
import { clientAddress, limitedAddress } from './client-address.ts';

const ORIGIN_KEY = 'k3y-only-cloudfront-knows';
const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') => ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;
const viaCloudFront = (viewer: string, sourceIp?: string) => event({ 'cloudfront-viewer-address': viewer, [ORIGIN_KEY_HEADER]: ORIGIN_KEY }, sourceIp);

describe('clientAddress', () => {
  beforeEach(() => {
    vi.stubEnv('MELD_EDGE_ORIGIN_KEY', ORIGIN_KEY);
    vi.stubEnv('MELD_EDGE_ORIGIN_KEY_ARN', '');
    resetSecretsCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetSecretsCache();
  });

  it('takes the viewer behind CloudFront, not the edge server, for IPv4 and IPv6', async () => {
    expect(await clientAddress(viaCloudFront('198.51.100.10:46532'))).toBe('198.51.100.10');
    expect(await clientAddress(viaCloudFront('2001:db8:85a3::8a2e:370:7334:46532'))).toBe('2001:db8:85a3:0::/64');
  });

  it('names an IPv6 caller by its /64, so one host cannot take a new address for each request (issue 21)', async () => {
    const networkOf = async (viewer: string) => clientAddress(viaCloudFront(`${viewer}:443`));
    const one = await Promise.all(['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:abcd::9', '2001:db8:1:2::10.0.0.1'].map(networkOf));
    expect(new Set(one)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(await networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(await networkOf('::1')).toBe('0:0:0:0::/64');
    expect(await networkOf('::ffff:198.51.100.10')).toBe('198.51.100.10');
    expect(limitedAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitedAddress('198.51.100.10')).toBe('198.51.100.10');
  });

  it('names an IPv4-mapped address by its IPv4 address however it is written, not by the /64 every one of them shares (review)', async () => {
    const written = ['::ffff:198.51.100.10', '::FFFF:198.51.100.10', '::ffff:c633:640a', '::FFFF:C633:640A', '0:0:0:0:0:ffff:198.51.100.10', '0:0:0:0:0:ffff:c633:640a', '0000:0000:0000:0000:0000:ffff:c633:640a', '::0:ffff:c633:640a'];
    for (const address of written) expect(limitedAddress(address), address).toBe('198.51.100.10');
    expect(await clientAddress(viaCloudFront('::ffff:c633:640a:443'))).toBe('198.51.100.10');
    expect(limitedAddress('::ffff:0:0')).toBe('0.0.0.0');
    expect(limitedAddress('::ffff:ffff:ffff')).toBe('255.255.255.255');
    // Two mapped addresses are two keys.
    expect(limitedAddress('::ffff:c633:640b')).toBe('198.51.100.11');
    // Near misses stay IPv6 networks: another marker, a non-zero group in front, an IPv4-compatible form.
    expect(limitedAddress('::fffe:c633:640a')).toBe('0:0:0:0::/64');
    expect(limitedAddress('0:0:0:0:1:ffff:c633:640a')).toBe('0:0:0:0::/64');
    expect(limitedAddress('1::ffff:c633:640a')).toBe('1:0:0:0::/64');
    expect(limitedAddress('::198.51.100.10')).toBe('0:0:0:0::/64');
  });

  it('ignores a viewer address sent straight to the API without the origin key', async () => {
    expect(await clientAddress(event({ 'cloudfront-viewer-address': '198.51.100.10:46532' }, '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('ignores a viewer address sent with a wrong origin key, longer, shorter or empty', async () => {
    for (const key of [`${ORIGIN_KEY}x`, ORIGIN_KEY.slice(0, -1), 'guess', '']) {
      const forged = event({ 'cloudfront-viewer-address': '198.51.100.10:46532', [ORIGIN_KEY_HEADER]: key }, '203.0.113.7');
      expect(await clientAddress(forged)).toBe('203.0.113.7');
    }
  });

  it('trusts no viewer address where no origin key is configured, as on the local runtime', async () => {
    vi.stubEnv('MELD_EDGE_ORIGIN_KEY', '');
    resetSecretsCache();
    expect(await clientAddress(viaCloudFront('198.51.100.10:46532', '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('falls back to the connection’s peer without CloudFront or with a header that holds no address', async () => {
    expect(await clientAddress(event({}, '203.0.113.7'))).toBe('203.0.113.7');
    expect(await clientAddress(viaCloudFront('nonsense', '203.0.113.7'))).toBe('203.0.113.7');
    expect(await clientAddress({ headers: {} } as unknown as APIGatewayProxyEventV2)).toBe('unknown');
  });
});
