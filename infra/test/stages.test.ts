import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList, STREAM_ERROR_LOG } from '@meld/shared';
import { REPO_ROOT } from '../lib/paths.ts';
import { STAGES } from '../lib/stage.ts';
import type { InfraRoute } from '../lib/routes.ts';
import { synthApp } from './support/synth.ts';
import { referencedIds, resources } from './support/template.ts';

/** Stages, domains and the firewall do not depend on the routes: a few keep each synth quick. */
const routes: InfraRoute[] = routeList.filter((route) => ['login', 'listConversations', 'askOpenAI'].includes(route.name));
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666';

/** The access logs' own group (the API's), kept for the access-log days instead of the functions' log days. */
const isAccessLog = (logicalId: string) => /HttpAccessLogs/.test(logicalId);
const tableOf = (template: ReturnType<typeof synthApp>['template']) => resources(template, 'AWS::DynamoDB::Table')[0]![1];
const distributionOf = (template: ReturnType<typeof synthApp>['template']) =>
  resources(template, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as Record<string, unknown>;

describe('stages', () => {
  const dev = synthApp({ routes });
  const prod = synthApp({ routes, context: { 'meld:stage': 'prod' } });

  it('name the stack after the stage, dev unless the context says prod', () => {
    expect(dev.main.stackName).toBe('Meld-dev');
    expect(prod.main.stackName).toBe('Meld-prod');
    prod.template.hasOutput('Stage', { Value: 'prod' });
  });

  it('keep prod’s table under deletion protection when the stack goes, and let dev’s go', () => {
    expect(tableOf(prod.template)).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: { DeletionProtectionEnabled: true } });
    expect(tableOf(dev.template)).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
    for (const stage of [dev, prod]) expect(tableOf(stage.template).Properties!.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });

  it('give every log group the stage’s retention: two weeks in dev, three months in prod', () => {
    for (const [stage, days] of [[dev, STAGES.dev.logRetention], [prod, STAGES.prod.logRetention]] as const) {
      const groups = resources(stage.template, 'AWS::Logs::LogGroup').filter(([id]) => !isAccessLog(id));
      expect(groups.length).toBeGreaterThanOrEqual(routes.length);
      for (const [, group] of groups) expect(group.Properties!.RetentionInDays).toBe(days);
    }
    expect([STAGES.dev.logRetention, STAGES.prod.logRetention]).toEqual([14, 90]);
  });

  it('keep each data bucket’s overwritten and deleted objects as old versions for the stage’s days: 7 in dev, 30 in prod', () => {
    for (const [stage, days] of [[dev, 7], [prod, 30]] as const) {
      const buckets = resources(stage.template, 'AWS::S3::Bucket').filter(([id]) => /StorageFiles|StorageAudio/.test(id));
      expect(buckets).toHaveLength(2);
      for (const [, bucket] of buckets) {
        expect(bucket.Properties!.VersioningConfiguration).toEqual({ Status: 'Enabled' });
        const rules = (bucket.Properties!.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
        expect(rules).toContainEqual(expect.objectContaining({ Id: 'OldVersions', Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: days }, ExpiredObjectDeleteMarker: true }));
      }
    }
    expect([STAGES.dev.keepOldVersionsDays, STAGES.prod.keepOldVersionsDays]).toEqual([7, 30]);
  });

  it('keep access logs for the stage’s access-log days (a month in dev, a year in prod): CloudFront’s, the API’s as JSON without tokens or bodies, and the data buckets’', () => {
    for (const [stage, days] of [[dev, 30], [prod, 365]] as const) {
      const logBuckets = resources(stage.template, 'AWS::S3::Bucket').filter(([id]) => /StorageAccessLogs/.test(id));
      expect(logBuckets).toHaveLength(1);
      const [logBucketId, logBucket] = logBuckets[0]!;
      expect(logBucket).toMatchObject({ DeletionPolicy: 'Retain' });
      expect(logBucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        LifecycleConfiguration: { Rules: [{ Id: 'Expire', Status: 'Enabled', ExpirationInDays: days }] },
      });
      // Every data bucket logs each request into it, under its own prefix.
      const data = resources(stage.template, 'AWS::S3::Bucket').filter(([id]) => /StorageFiles|StorageAudio/.test(id));
      expect(data.map(([id, bucket]) => [id.replace(/[0-9A-F]{8}$/, ''), bucket.Properties!.LoggingConfiguration])).toEqual([
        ['StorageFiles', { DestinationBucketName: { Ref: logBucketId }, LogFilePrefix: 's3/files/' }],
        ['StorageAudio', { DestinationBucketName: { Ref: logBucketId }, LogFilePrefix: 's3/audio/' }],
      ]);
      // CloudFront: a line per viewer request, without cookies (the refresh token).
      const logging = distributionOf(stage.template).Logging as Record<string, unknown>;
      expect(logging).toMatchObject({ IncludeCookies: false, Prefix: 'cloudfront/' });
      expect([...referencedIds(logging.Bucket)]).toEqual([logBucketId]);
      // The API: one JSON line per request into a log group of its own.
      const apiStage = resources(stage.template, 'AWS::ApiGatewayV2::Stage')[0]![1].Properties!;
      const settings = apiStage.AccessLogSettings as { DestinationArn: unknown; Format: string };
      const [groupId] = [...referencedIds(settings.DestinationArn)];
      const group = resources(stage.template, 'AWS::Logs::LogGroup').find(([id]) => id === groupId)!;
      expect(isAccessLog(group[0])).toBe(true);
      expect(group[1]).toMatchObject({ DeletionPolicy: 'Retain', Properties: { RetentionInDays: days } });
      const format = JSON.parse(settings.Format) as Record<string, string>;
      expect(format).toMatchObject({ requestId: '$context.requestId', route: '$context.routeKey', status: '$context.status', latencyMs: '$context.responseLatency', ip: '$context.identity.sourceIp' });
      // Nothing a request carries beyond its route: no path (a mentor's link holds its token), no header, no body.
      for (const variable of Object.values(format)) expect(variable).not.toMatch(/\$context\.(path|authorizer|requestOverride|responseOverride)|\$request|\$input|header/i);
    }
    expect([STAGES.dev.accessLogRetention, STAGES.prod.accessLogRetention]).toEqual([30, 365]);
  });

  it('throttle the HTTP API’s stage, all routes together: the stage’s defaults, or the context’s numbers', () => {
    const throttle = (template: ReturnType<typeof synthApp>['template']) => {
      const stages = resources(template, 'AWS::ApiGatewayV2::Stage');
      expect(stages).toHaveLength(1);
      expect(stages[0]![1].Properties).toMatchObject({ StageName: '$default', AutoDeploy: true });
      return stages[0]![1].Properties!.DefaultRouteSettings;
    };
    expect(throttle(dev.template)).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(throttle(prod.template)).toEqual({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
    const tuned = synthApp({ routes, context: { 'meld:stage': 'prod', 'meld:apiRateLimit': '500', 'meld:apiBurstLimit': 1000 } });
    expect(throttle(tuned.template)).toEqual({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 });
    for (const key of ['meld:apiRateLimit', 'meld:apiBurstLimit']) {
      for (const bad of ['0', '-5', '1.5', 'lots', ' ']) {
        expect(() => synthApp({ routes, context: { [key]: bad } })).toThrow(new RegExp(`${key}: '${bad}' is not a whole number from 1`));
      }
    }
  });

  it('reserve concurrency for each costly function, the code runner included: none in dev, 10 in prod, or the context’s number', () => {
    const costlyRoutes = routeList.filter((route) => ['login', 'askOpenAI', 'callTool', 'importConvos'].includes(route.name));
    /** Each function's reserved concurrency (undefined: none), by its description. */
    const reserved = (context: Record<string, unknown>) =>
      Object.fromEntries(
        resources(synthApp({ routes: costlyRoutes, context }).template, 'AWS::Lambda::Function')
          .filter(([, fn]) => /^(POST|GET) |code runner/.test(String(fn.Properties!.Description)))
          .map(([, fn]) => [String(fn.Properties!.Description).split(' (')[0]!.split(':')[0]!, fn.Properties!.ReservedConcurrentExecutions]),
      );
    expect(reserved({ 'meld:stage': 'prod' })).toEqual({
      'POST /api/auth/login': undefined,
      'POST /api/ask/openAI': 10,
      'POST /api/agents/tools/{toolId}/call': 10,
      'POST /api/convos/import': 10,
      // One caller here (the code tool); the agent chat would add as much again.
      'Meld code runner': 10,
    });
    expect(Object.values(reserved({})).every((value) => value === undefined)).toBe(true);
    expect(reserved({ 'meld:stage': 'prod', 'meld:costlyConcurrency': '3' })['POST /api/ask/openAI']).toBe(3);
    // As `-c meld:costlyConcurrency=0` gives it, a string.
    expect(Object.values(reserved({ 'meld:stage': 'prod', 'meld:costlyConcurrency': '0' })).every((value) => value === undefined)).toBe(true);
    expect(() => synthApp({ routes, context: { 'meld:costlyConcurrency': 'many' } })).toThrow(/meld:costlyConcurrency: 'many' is not a whole number from 0/);
    // What the prod default reserves in all (the code runner as much per calling route), as docs/operations.md says.
    const reservations = routeList.filter((route) => route.lambda?.costly).length + routeList.filter((route) => route.lambda?.codeRunner).length;
    const total = reservations * STAGES.prod.costlyConcurrency;
    expect(total).toBe(160);
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    expect(doc).toContain(`| 10 (${total} in all) |`);
    expect(doc).toContain(`at least ${total + 100}`);
  });

  it('refuse an unknown stage at synth', () => {
    expect(() => synthApp({ routes, context: { 'meld:stage': 'staging' } })).toThrow(/meld:stage.*dev, prod/);
  });
});

describe('web firewall', () => {
  const agnostic = synthApp({ routes, context: { 'meld:stage': 'prod' } });
  const acls = resources(agnostic.template, 'AWS::WAFv2::WebACL');

  it('sits in front of the distribution with rate limits per IP, tighter on the sign-in routes', () => {
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect([...referencedIds(distributionOf(agnostic.template).WebACLId)]).toEqual([aclId]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation's nested rule statements, read as written
    const rules = acl.Properties!.Rules as { Name: string; Action?: unknown; Statement: Record<string, any> }[];
    const auth = rules.find((rule) => rule.Name === 'RateLimitAuth')!;
    expect(auth.Statement.RateBasedStatement).toMatchObject({ Limit: STAGES.prod.authRateLimitPerIp, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(auth.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH' });
    const all = rules.find((rule) => rule.Name === 'RateLimitAll')!;
    expect(all.Statement.RateBasedStatement).toMatchObject({ Limit: STAGES.prod.rateLimitPerIp, AggregateKeyType: 'IP' });
    for (const rule of [auth, all]) expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
    expect(rules.map((rule) => rule.Name)).toEqual(expect.arrayContaining(['AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList']));
  });

  it('refuses, in a region-agnostic template, any region but us-east-1 with a message that says why', () => {
    const rule = (Template.fromStack(agnostic.main).toJSON() as { Rules?: Record<string, { Assertions: { Assert: unknown; AssertDescription: string }[] }> }).Rules?.FirewallRegion;
    expect(rule?.Assertions[0]!.Assert).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] });
    expect(rule?.Assertions[0]!.AssertDescription).toMatch(/only in us-east-1/);
  });

  it('moves to its own us-east-1 stack when the app lives in another region, handed over across regions', () => {
    const split = synthApp({ routes, env: { account: '123456789012', region: 'eu-west-1' } });
    expect(split.edge?.region).toBe('us-east-1');
    expect(resources(split.template, 'AWS::WAFv2::WebACL')).toHaveLength(0);
    expect(resources(split.edgeTemplate!, 'AWS::WAFv2::WebACL')).toHaveLength(1);
    expect(distributionOf(split.template).WebACLId).toMatchObject({ 'Fn::GetStackOutput': { StackName: 'Meld-dev-edge', Region: 'us-east-1' } });
    expect((Template.fromStack(split.main).toJSON() as { Rules?: Record<string, unknown> }).Rules?.FirewallRegion).toBeUndefined();
  });
});

describe('custom domain', () => {
  it('serves the distribution on the operator’s domain with their us-east-1 certificate, and writes the alias records when given the zone', () => {
    const { template } = synthApp({
      routes,
      context: { 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE, 'meld:hostedZoneId': 'Z0123456789ABC', 'meld:hostedZoneName': 'meld.example' },
    });
    const distribution = distributionOf(template);
    expect(distribution.Aliases).toEqual(['app.meld.example']);
    // TLS 1.2 or later on the operator's domain; older TLS has known attacks.
    expect(distribution.ViewerCertificate).toMatchObject({ AcmCertificateArn: CERTIFICATE, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' });
    const records = resources(template, 'AWS::Route53::RecordSet').filter(([, record]) => record.Properties!.Name === 'app.meld.example.');
    expect(records.map(([, record]) => record.Properties!.Type).sort()).toEqual(['A', 'AAAA']);
    for (const [, record] of records) expect(record.Properties).toMatchObject({ Name: 'app.meld.example.', HostedZoneId: 'Z0123456789ABC' });
    template.hasOutput('SiteUrl', { Value: 'https://app.meld.example' });
  });

  it('with the zone, switches the API’s execute-api address off: the API answers only at its origin name, which only CloudFront uses', () => {
    const { template } = synthApp({
      routes,
      context: { 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE, 'meld:hostedZoneId': 'Z0123456789ABC', 'meld:hostedZoneName': 'meld.example' },
    });
    const [apiId, api] = resources(template, 'AWS::ApiGatewayV2::Api')[0]!;
    expect(api.Properties).toMatchObject({ DisableExecuteApiEndpoint: true });
    const [domainId, domain] = resources(template, 'AWS::ApiGatewayV2::DomainName')[0]!;
    expect(domain.Properties).toMatchObject({ DomainName: 'origin.app.meld.example', DomainNameConfigurations: [expect.objectContaining({ EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' })] });
    // Its certificate is the stack's own, in the API's region, validated in the zone.
    const [certificateId, certificate] = resources(template, 'AWS::CertificateManager::Certificate')[0]!;
    expect(certificate.Properties).toMatchObject({ DomainName: 'origin.app.meld.example', ValidationMethod: 'DNS', DomainValidationOptions: [{ DomainName: 'origin.app.meld.example', HostedZoneId: 'Z0123456789ABC' }] });
    expect([...referencedIds(domain.Properties!.DomainNameConfigurations)]).toEqual([certificateId]);
    const [, mapping] = resources(template, 'AWS::ApiGatewayV2::ApiMapping')[0]!;
    expect([...referencedIds(mapping.Properties!.ApiId)]).toEqual([apiId]);
    expect([...referencedIds(mapping.Properties!.DomainName)]).toEqual([domainId]);
    const [, alias] = resources(template, 'AWS::Route53::RecordSet').find(([, record]) => record.Properties!.Name === 'origin.app.meld.example.')!;
    expect(alias.Properties).toMatchObject({ Type: 'A', HostedZoneId: 'Z0123456789ABC' });
    // CloudFront sends every API path there, over HTTPS.
    const origins = distributionOf(template).Origins as { Id: string; DomainName: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string } }[];
    const apiOrigins = origins.filter((origin) => origin.DomainName === 'origin.app.meld.example');
    expect(apiOrigins).toHaveLength(1);
    expect(apiOrigins[0]!.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(JSON.stringify(distributionOf(template))).not.toContain('ApiEndpoint');
  });

  it('without the zone, keeps the execute-api address, which the handler kit guards with CloudFront’s origin key', () => {
    for (const context of [{}, { 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE }]) {
      const { template } = synthApp({ routes, context });
      expect(resources(template, 'AWS::ApiGatewayV2::Api')[0]![1].Properties!.DisableExecuteApiEndpoint).toBeUndefined();
      expect(resources(template, 'AWS::ApiGatewayV2::DomainName')).toHaveLength(0);
      expect(JSON.stringify(distributionOf(template))).toContain('ApiEndpoint');
    }
  });

  it('without a zone, names the target the operator’s DNS must point at', () => {
    const { template } = synthApp({ routes, context: { 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE } });
    expect(resources(template, 'AWS::Route53::RecordSet')).toHaveLength(0);
    template.hasOutput('DomainTarget', { Value: Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }) });
  });

  it('refuses a domain without a certificate, or a certificate outside us-east-1, at synth', () => {
    expect(() => synthApp({ routes, context: { 'meld:domainName': 'app.meld.example' } })).toThrow(/needs meld:certificateArn/);
    expect(() => synthApp({ routes, context: { 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE.replace('us-east-1', 'eu-west-1') } })).toThrow(/us-east-1/);
    expect(() => synthApp({ routes, context: { 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE, 'meld:hostedZoneId': 'Z1', 'meld:hostedZoneName': 'other.example' } })).toThrow(/not inside the hosted zone/);
  });
});

describe('streaming alarms', () => {
  const { template } = synthApp({ routes });
  const streamingRoutes = routes.filter((route) => route.streaming);

  it('count the server-side errors chat streams log, and page on them with the function’s crashes and its URL’s 5xx', () => {
    expect(streamingRoutes.length).toBeGreaterThan(0);
    const filters = resources(template, 'AWS::Logs::MetricFilter');
    expect(filters).toHaveLength(streamingRoutes.length);
    const pattern = filters[0]![1].Properties!.FilterPattern as string;
    expect(pattern).toContain(STREAM_ERROR_LOG.message);
    for (const code of STREAM_ERROR_LOG.serverCodes) expect(pattern).toContain(code);
    const alarm = resources(template, 'AWS::CloudWatch::Alarm').find(([, a]) => JSON.stringify(a.Properties).includes('Url5xxCount'));
    expect(alarm).toBeDefined();
    expect(JSON.stringify(alarm![1].Properties!.Metrics)).toContain('streamErrors + crashes + url5xx');
    expect(alarm![1].Properties).toMatchObject({ Threshold: 3, TreatMissingData: 'notBreaching' });
    expect((alarm![1].Properties!.AlarmActions as unknown[]).length).toBe(1);
  });
});

describe('docs/operations.md', () => {
  it('documents every context value the stack reads, and the sections an operator needs', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    const libDir = join(REPO_ROOT, 'infra', 'lib');
    const sources = readdirSync(libDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => readFileSync(join(libDir, file), 'utf8'));
    const keys = new Set(sources.flatMap((source) => [...source.matchAll(/(?:tryGetContext\(|contextString\(node, )'(meld:\w+)'/g)].map((match) => match[1]!)));
    expect([...keys].sort()).toEqual(['meld:apiBurstLimit', 'meld:apiRateLimit', 'meld:certificateArn', 'meld:costlyConcurrency', 'meld:domainName', 'meld:hostedZoneId', 'meld:hostedZoneName', 'meld:stackName', 'meld:stage']);
    for (const key of keys) expect(doc, key).toContain(`\`${key}\``);
    for (const section of ['## Deploy', '## Roll back', '## Restore data', '## Rotate secrets', '## Read the dashboard', '## What it costs']) expect(doc).toContain(section);
  });
});
