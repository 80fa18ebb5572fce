import { describe, expect, it } from 'vitest';
import { ORIGIN_KEY_HEADER, routeList, routes, streamResponse } from '@meld/shared';
import type { InfraRoute } from '../lib/routes.ts';
import { synth } from './support/synth.ts';
import { referencedId, referencedIds, resources, routeFunctions } from './support/template.ts';

// AWS managed policy ids (stable, documented by CloudFront).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'];

interface CacheBehavior {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods?: string[];
  CachePolicyId?: string;
  OriginRequestPolicyId?: string;
  ViewerProtocolPolicy?: string;
  FunctionAssociations?: { EventType: string }[];
}
interface Origin {
  Id: string;
  OriginAccessControlId?: unknown;
  S3OriginConfig?: unknown;
  CustomOriginConfig?: { OriginReadTimeout?: number };
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
}
interface DistributionConfig {
  DefaultCacheBehavior: CacheBehavior;
  CacheBehaviors: CacheBehavior[];
  Origins: Origin[];
  CustomErrorResponses?: unknown[];
}

const streamRoute: InfraRoute = {
  name: 'streamMessage',
  method: 'POST',
  path: '/api/convos/{conversationId}/stream',
  handler: 'chat/stream-message',
  auth: 'user',
  streaming: true,
  response: routeList[0]!.response,
};

/** The edge origin key an origin is sent, checked to be a dynamic reference to the stack's own secret. */
function expectOriginKey(template: ReturnType<typeof synth>['template'], origin: Origin): void {
  const [secretId, secret] = resources(template, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith('EdgeOriginKey'))!;
  expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
  const headers = origin.OriginCustomHeaders?.filter((header) => header.HeaderName === ORIGIN_KEY_HEADER) ?? [];
  expect(headers).toHaveLength(1);
  expect(JSON.stringify(headers[0]!.HeaderValue)).toMatch(/^\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:",\{"Ref":"[^"]+"\},":SecretString:::\}\}"\]\]\}$/);
  expect([...referencedIds(headers[0]!.HeaderValue)]).toEqual([secretId]);
}

function distributionConfig(template: ReturnType<typeof synth>['template']): DistributionConfig {
  const [, distribution] = resources(template, 'AWS::CloudFront::Distribution')[0]!;
  return distribution.Properties!.DistributionConfig as DistributionConfig;
}

describe('HTTP API', () => {
  const { template } = synth();
  const functions = routeFunctions(template);
  const routes = resources(template, 'AWS::ApiGatewayV2::Route');
  const integrations = new Map(resources(template, 'AWS::ApiGatewayV2::Integration'));

  it('has one route per non-streaming route, with its method and {param} path', () => {
    const expected = routeList.filter((route) => !route.streaming).map((route) => `${route.method} ${route.path}`);
    expect(routes.map(([, route]) => route.Properties?.RouteKey).sort()).toEqual(expected.sort());
  });

  it('sends each route to its own function with payload format 2.0', () => {
    for (const route of routeList.filter((r) => !r.streaming)) {
      const [, apiRoute] = routes.find(([, r]) => r.Properties?.RouteKey === `${route.method} ${route.path}`)!;
      const integrationId = [...referencedIds(apiRoute.Properties?.Target)][0]!;
      const integration = integrations.get(integrationId)!.Properties!;
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(referencedId(integration.IntegrationUri)).toBe(functions.get(route.handler)!.id);
    }
  });

  it('puts every route and integration on the one HTTP API, which alone may invoke each function', () => {
    const [apiId] = resources(template, 'AWS::ApiGatewayV2::Api')[0]!;
    for (const [, resource] of [...routes, ...integrations]) expect(referencedId(resource.Properties?.ApiId)).toBe(apiId);
    const permissions = resources(template, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties?.Principal === 'apigateway.amazonaws.com');
    for (const route of routeList.filter((r) => !r.streaming)) {
      const own = permissions.filter(([, p]) => referencedId(p.Properties?.FunctionName) === functions.get(route.handler)!.id);
      expect(own, route.path).toHaveLength(1);
      expect(own[0]![1].Properties?.Action).toBe('lambda:InvokeFunction');
      expect(referencedIds(own[0]![1].Properties?.SourceArn).has(apiId), route.path).toBe(true);
    }
  });
});

describe('CloudFront distribution', () => {
  const { template } = synth();
  const config = distributionConfig(template);
  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern);

  it('serves the web bucket through an S3 origin access control by default', () => {
    const origin = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(origin.S3OriginConfig).toBeDefined();
    const oac = resources(template, 'AWS::CloudFront::OriginAccessControl').find(([id]) => id === referencedId(origin.OriginAccessControlId));
    expect(oac?.[1].Properties?.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' });
  });

  it('sends the HTTP API origin the edge origin key from the stack’s secret, and the web bucket nothing', () => {
    const apiOrigin = config.Origins.find((o) => o.Id === behavior('/api/*')!.TargetOriginId)!;
    expectOriginKey(template, apiOrigin);
    expect(behavior('/health')!.TargetOriginId).toBe(apiOrigin.Id);
    const webOrigin = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(webOrigin.OriginCustomHeaders ?? []).toEqual([]);
  });

  it('falls back to index.html for app routes at the edge, leaving API error codes intact', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(config.CustomErrorResponses ?? []).toEqual([]);
  });

  /** The origin CloudFront picks for a path: the first behaviour whose pattern matches, in order. */
  const originFor = (path: string) => {
    const matches = (pattern: string) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(path);
    const chosen = config.CacheBehaviors.find((b) => matches(b.PathPattern)) ?? config.DefaultCacheBehavior;
    return config.Origins.find((o) => o.Id === chosen.TargetOriginId)!;
  };
  const [apiId] = resources(template, 'AWS::ApiGatewayV2::Api')[0]!;
  const urls = resources(template, 'AWS::Lambda::Url');
  const functions = routeFunctions(template);

  it.each(routeList.filter((route) => route.streaming).map((route) => [route.path, route] as const))(
    'sends %s to the Function URL of its own route function',
    (path, route) => {
      const origin = originFor(path);
      const [, url] = urls.find(([id]) => referencedIds(origin).has(id))!;
      expect(referencedId(url.Properties?.TargetFunctionArn)).toBe(functions.get(route.handler)!.id);
    },
  );

  it.each(['/api/ask/openAI/abort', '/api/ask/custom/abort', '/api/ask/demo/abort', '/api/ask/bedrock/abort', '/api/ask/gptPlugins', '/api/assistants/v2/chat'])(
    'sends %s to the HTTP API',
    (path) => {
      expect(referencedIds(originFor(path)).has(apiId)).toBe(true);
    },
  );

  /** The actions a route's function is allowed on the files bucket, once its environment names that bucket. */
  function filesBucketActions(handler: string): string[] {
    const [filesId] = resources(template, 'AWS::S3::Bucket').find(([id]) => id.startsWith('StorageFiles'))!;
    const fn = functions.get(handler)!;
    const env = (fn.props.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(referencedId(env.MELD_FILES_BUCKET), handler).toBe(filesId);
    const role = referencedId(fn.props.Role);
    const [, policy] = resources(template, 'AWS::IAM::Policy').find(([, p]) => referencedIds(p.Properties?.Roles).has(role!))!;
    const statements = (policy.Properties?.PolicyDocument as { Statement: { Effect: string; Action: string | string[]; Resource: unknown }[] }).Statement;
    return statements.filter((statement) => statement.Effect === 'Allow' && referencedIds(statement.Resource).has(filesId)).flatMap((statement) => [statement.Action].flat());
  }

  it('lets every chat route function read and write the files bucket, where messages over 300 KB live', () => {
    // The chat's streams (server-sent events); speech streams audio and stores nothing.
    for (const route of routeList.filter((r) => r.streaming && r.response === streamResponse)) {
      expect(filesBucketActions(route.handler).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
    }
  });

  it("lets the upload confirm copy an upload to the file's own key (CopyObject: read the source, write the copy; tags are replaced, never read or written)", () => {
    const actions = filesBucketActions(routes.confirmUpload.handler);
    expect(actions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
  });

  it.each(['/api/*', '/health'])('sends %s to the HTTP API uncached, with every method and viewer header but Host', (pattern) => {
    const b = behavior(pattern)!;
    expect(b).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER, ViewerProtocolPolicy: 'redirect-to-https' });
    expect(b.AllowedMethods?.toSorted()).toEqual([...ALL_METHODS].sort());
    const origin = config.Origins.find((o) => o.Id === b.TargetOriginId)!;
    const [apiId] = resources(template, 'AWS::ApiGatewayV2::Api')[0]!;
    expect(referencedIds(origin).has(apiId)).toBe(true);
  });
});

describe('a streaming route whose pattern would capture an API route', () => {
  const askAny: InfraRoute = { ...streamRoute, name: 'askAny', path: '/api/ask/{endpoint}', handler: 'ask/ask-any' };
  const { template } = synth({ routes: [...routeList.filter((route) => !route.streaming), askAny] });
  const config = distributionConfig(template);
  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern);

  it('leaves that API route on the HTTP API, ahead of the stream', () => {
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/ask/*/abort')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/api/ask/*/abort')).toBeLessThan(patterns.indexOf('/api/ask/*'));
    expect(behavior('/api/ask/*/abort')!.TargetOriginId).toBe(behavior('/api/*')!.TargetOriginId);
    expect(behavior('/api/ask/*')!.TargetOriginId).not.toBe(behavior('/api/*')!.TargetOriginId);
  });
});

describe('streaming routes', () => {
  const apiRoutes = routeList.filter((route) => !route.streaming);
  const { template } = synth({ routes: [...apiRoutes, streamRoute] });
  const streamFunction = routeFunctions(template).get(streamRoute.handler)!;
  const config = distributionConfig(template);

  it('get a RESPONSE_STREAM Function URL that only accepts IAM-signed requests', () => {
    const urls = resources(template, 'AWS::Lambda::Url');
    expect(urls).toHaveLength(1);
    expect(urls[0]![1].Properties).toMatchObject({ AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM' });
    expect(referencedId(urls[0]![1].Properties?.TargetFunctionArn)).toBe(streamFunction.id);
  });

  it('are not on the HTTP API', () => {
    const keys = resources(template, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties?.RouteKey);
    expect(keys).not.toContain(`${streamRoute.method} ${streamRoute.path}`);
    expect(keys).toHaveLength(apiRoutes.length);
  });

  it('sit behind CloudFront with a lambda origin access control, before the /api/* catch-all', () => {
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/convos/*/stream')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/api/convos/*/stream')).toBeLessThan(patterns.indexOf('/api/*'));
    const b = config.CacheBehaviors.find((c) => c.PathPattern === '/api/convos/*/stream')!;
    expect(b).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    expect(b.AllowedMethods?.toSorted()).toEqual([...ALL_METHODS].sort());

    const origin = config.Origins.find((o) => o.Id === b.TargetOriginId)!;
    const [urlId] = resources(template, 'AWS::Lambda::Url')[0]!;
    expect(referencedIds(origin).has(urlId)).toBe(true);
    const oac = resources(template, 'AWS::CloudFront::OriginAccessControl').find(([id]) => id === referencedId(origin.OriginAccessControlId));
    expect(oac?.[1].Properties?.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
  });

  it('are sent the same edge origin key as the HTTP API, so the kit trusts their viewer address alike', () => {
    const origin = config.Origins.find((o) => o.Id === config.CacheBehaviors.find((c) => c.PathPattern === '/api/convos/*/stream')!.TargetOriginId)!;
    expectOriginKey(template, origin);
  });

  it('let only this distribution invoke the function, and only through its URL', () => {
    const [urlId] = resources(template, 'AWS::Lambda::Url')[0]!;
    const [distributionId] = resources(template, 'AWS::CloudFront::Distribution')[0]!;
    const permissions = resources(template, 'AWS::Lambda::Permission').filter(([, p]) => referencedId(p.Properties?.FunctionName) === urlId);
    expect(permissions.map(([, p]) => p.Properties?.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const [, permission] of permissions) {
      expect(permission.Properties?.Principal).toBe('cloudfront.amazonaws.com');
      expect(referencedIds(permission.Properties?.SourceArn).has(distributionId)).toBe(true);
    }
    const invoke = permissions.find(([, p]) => p.Properties?.Action === 'lambda:InvokeFunction')!;
    expect(invoke[1].Properties?.InvokedViaFunctionUrl).toBe(true);
  });

  it('allow a stream to run longer than an ordinary request', () => {
    expect(streamFunction.props.Timeout).toBeGreaterThan(routeFunctions(template).get('auth/login')!.props.Timeout as number);
  });
});
