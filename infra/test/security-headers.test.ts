import { ARTIFACT_FRAME_PATH, artifactFrameHeaders, securityHeaders } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { StorageBuckets } from '../lib/constructs/storage-buckets.ts';
import { synth } from './support/synth.ts';
import { referencedId, resources } from './support/template.ts';

const { stack, template } = synth();

interface PolicyConfig {
  SecurityHeadersConfig: {
    ContentSecurityPolicy?: { ContentSecurityPolicy: unknown; Override: boolean };
    StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Override: boolean };
    ContentTypeOptions?: { Override: boolean };
    FrameOptions?: { FrameOption: string; Override: boolean };
    ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean };
  };
  CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
}

const policies = new Map(
  resources(template, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, resource]) => [id, (resource.Properties!.ResponseHeadersPolicyConfig as PolicyConfig)]),
);

/** The headers a policy makes CloudFront send, written as the shared definition writes them. */
function sentHeaders(config: PolicyConfig): Record<string, unknown> {
  const security = config.SecurityHeadersConfig;
  const hsts = security.StrictTransportSecurity;
  return {
    ...(security.ContentSecurityPolicy ? { 'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy } : {}),
    ...(hsts ? { 'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}` } : {}),
    ...(security.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
    ...(security.FrameOptions ? { 'x-frame-options': security.FrameOptions.FrameOption } : {}),
    ...(security.ReferrerPolicy ? { 'referrer-policy': security.ReferrerPolicy.ReferrerPolicy } : {}),
    ...Object.fromEntries((config.CustomHeadersConfig?.Items ?? []).map((item) => [item.Header, item.Value])),
  };
}

interface Behavior {
  PathPattern?: string;
  ResponseHeadersPolicyId: unknown;
}
const [, distribution] = resources(template, 'AWS::CloudFront::Distribution')[0]!;
const config = distribution.Properties!.DistributionConfig as { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[] };
const behaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
const policyOf = (behavior: Behavior) => policies.get(referencedId(behavior.ResponseHeadersPolicyId) ?? '');

const buckets = stack.node.findChild('Storage') as StorageBuckets;
const storageOrigins = Object.values(buckets.data).map((bucket) => `https://${bucket.bucketRegionalDomainName}`);

describe('CloudFront security headers', () => {
  it('answers every path with our own policy, none with a managed one', () => {
    expect(behaviors.length).toBeGreaterThan(4);
    for (const behavior of behaviors) expect(policyOf(behavior), behavior.PathPattern ?? 'default').toBeDefined();
  });

  it('sends the shared definition on the web app, the API and the streams, with the buckets in the CSP', () => {
    const app = behaviors.filter((behavior) => behavior.PathPattern !== ARTIFACT_FRAME_PATH);
    expect(app.map((behavior) => behavior.PathPattern)).toEqual(expect.arrayContaining([undefined, '/api/*', '/api/coach/threads/*/ask', '/health']));
    const expected = stack.resolve(securityHeaders({ storageOrigins })) as Record<string, unknown>;
    for (const behavior of app) expect(sentHeaders(policyOf(behavior)!), behavior.PathPattern ?? 'default').toEqual(expected);
    expect(JSON.stringify(expected['content-security-policy'])).toContain('StorageFiles');
  });

  it('lets only the app frame the artifact page, with the frame policy', () => {
    const frame = behaviors.find((behavior) => behavior.PathPattern === ARTIFACT_FRAME_PATH);
    expect(sentHeaders(policyOf(frame!)!)).toEqual(artifactFrameHeaders());
  });

  it('replaces what an origin sends, except a policy of its own (as the local gateway does)', () => {
    for (const policy of policies.values()) {
      const security = policy.SecurityHeadersConfig;
      expect(security.ContentSecurityPolicy!.Override).toBe(false);
      for (const header of [security.StrictTransportSecurity, security.ContentTypeOptions, security.FrameOptions, security.ReferrerPolicy]) expect(header!.Override).toBe(true);
      for (const item of policy.CustomHeadersConfig!.Items) expect(item.Override).toBe(true);
    }
  });
});
