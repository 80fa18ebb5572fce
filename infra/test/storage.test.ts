import { describe, expect, it } from 'vitest';
import { AUDIO_TRANSCRIPT_PREFIX, FILE_UPLOAD_PREFIX, routeList, TABLE_SCHEMA } from '@meld/shared';
import { FEW_ROUTES, synth, tempConfig } from './support/synth.ts';
import { referencedId, referencedIds, resources, routeFunctions } from './support/template.ts';

interface CorsRule {
  AllowedMethods: string[];
  AllowedOrigins: string[];
}

/**
 * The browser CORS rule each data bucket gets from its putBucketCors call, by bucket id. The
 * call is a JSON string joined around references; each reference reads as `<id>` or `<id.Attr>`.
 */
function placeholder(reference: unknown): string {
  const attribute = (reference as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']?.[1];
  return `<${referencedId(reference)}${attribute ? `.${attribute}` : ''}>`;
}

function corsCalls(template: ReturnType<typeof synth>['template']): Map<string, CorsRule> {
  const calls = new Map<string, CorsRule>();
  for (const [, resource] of resources(template, 'Custom::AWS')) {
    for (const event of ['Create', 'Update'] as const) {
      const parts = (resource.Properties?.[event] as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      const text = parts.map((part) => (typeof part === 'string' ? part : placeholder(part))).join('');
      const call = JSON.parse(text) as { service: string; action: string; parameters: { Bucket: string; CORSConfiguration: { CORSRules: CorsRule[] } } };
      if (call.action !== 'putBucketCors') continue;
      expect(call.parameters.CORSConfiguration.CORSRules).toHaveLength(1);
      calls.set(call.parameters.Bucket.slice(1, -1), call.parameters.CORSConfiguration.CORSRules[0]!);
    }
  }
  return calls;
}

describe('buckets', () => {
  const { template } = synth();
  const buckets = resources(template, 'AWS::S3::Bucket');
  const policies = resources(template, 'AWS::S3::BucketPolicy');
  const [distributionId] = resources(template, 'AWS::CloudFront::Distribution')[0]!;

  it('has the files, audio, web and access-log buckets', () => {
    expect(buckets.map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual(['StorageAccessLogs', 'StorageAudio', 'StorageFiles', 'StorageWeb']);
  });

  it('expires Transcribe output in the audio bucket after 30 days, and nothing else there', () => {
    const [, audio] = buckets.find(([id]) => id.startsWith('StorageAudio'))!;
    const rules = (audio.Properties?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: AUDIO_TRANSCRIPT_PREFIX, ExpirationInDays: 30, Status: 'Enabled' }));
    expect(rules.filter((rule) => 'ExpirationInDays' in rule)).toHaveLength(1);
  });

  it('expires presigned uploads left in the files bucket after a day, and nothing else there', () => {
    const [, files] = buckets.find(([id]) => id.startsWith('StorageFiles'))!;
    const rules = (files.Properties?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: FILE_UPLOAD_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }));
    expect(rules.filter((rule) => 'ExpirationInDays' in rule)).toHaveLength(1);
  });

  it.each(buckets.map(([id, bucket]) => [id, bucket] as const))('%s blocks public access, encrypts, and refuses plain HTTP', (id, bucket) => {
    expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties?.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    const policy = policies.find(([, p]) => referencedIds(p.Properties?.Bucket).has(id));
    const statements = (policy?.[1].Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('keeps user data when the stack goes, but not the web build', () => {
    for (const [id, bucket] of buckets) expect(bucket.DeletionPolicy).toBe(id.startsWith('StorageWeb') ? 'Delete' : 'Retain');
  });

  it('lets the site upload to and download from the data buckets, and nothing else', () => {
    for (const [id, bucket] of buckets) expect(bucket.Properties?.CorsConfiguration, id).toBeUndefined();
    const rules = corsCalls(template);
    expect([...rules.keys()].sort()).toEqual(buckets.filter(([id]) => /^Storage(Files|Audio)/.test(id)).map(([id]) => id).sort());
    for (const rule of rules.values()) {
      expect(rule.AllowedMethods.sort()).toEqual(['GET', 'POST', 'PUT']);
      expect(rule.AllowedOrigins).toEqual([`https://<${distributionId}.DomainName>`]);
    }
  });

  it('also allows the operator’s own domain when the app config names one', () => {
    const withDomain = synth({ appConfigPath: tempConfig({ serverDomain: 'meld.example.org' }), routes: FEW_ROUTES }).template;
    const rules = [...corsCalls(withDomain).values()];
    expect(rules).toHaveLength(2);
    for (const rule of rules) expect(rule.AllowedOrigins).toContain('https://meld.example.org');
  });

  it('sets that rule after the distribution exists, so no bucket depends on it', () => {
    for (const [id, bucket] of buckets) expect(referencedIds(bucket).has(distributionId), id).toBe(false);
  });
});

describe('table', () => {
  const { template } = synth();
  const [, table] = resources(template, 'AWS::DynamoDB::Table')[0]!;
  const props = table.Properties!;

  it('is on-demand with point-in-time recovery and TTL on the shared attribute', () => {
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true });
  });

  it('has the keys and global indexes of TABLE_SCHEMA', () => {
    expect(props.KeySchema).toEqual([
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
    ]);
    const indexes = props.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown[]; Projection: unknown }[];
    expect(indexes.map((index) => index.IndexName)).toEqual(TABLE_SCHEMA.globalIndexes.map((index) => index.name));
    for (const [i, index] of TABLE_SCHEMA.globalIndexes.entries()) {
      expect(indexes[i]!.KeySchema).toEqual([
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]);
    }
  });
});

describe('secrets', () => {
  it('generates the JWT signing key, the user-key encryption secret and the edge origin key in Secrets Manager, never in the template', () => {
    const { template } = synth();
    const secrets = resources(template, 'AWS::SecretsManager::Secret');
    expect(secrets.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['EdgeOriginKey', 'JwtSigningKey', 'UserKeyEncryptionKey']);
    for (const [, secret] of secrets) {
      expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
      expect(secret.Properties?.SecretString).toBeUndefined();
    }
  });
  it('keeps the server’s own provider keys (the config’s ${NAME} values) in one secret every function may read, and makes none without such keys', () => {
    const routes = routeList.filter((route) => ['login', 'askOpenAI'].includes(route.name));
    const config = { endpoints: { demo: { enabled: true }, openAI: { apiKey: '${OPENAI_API_KEY}', models: ['gpt-4o-mini'] }, google: { apiKey: '${GOOGLE_API_KEY}', models: ['gemini-2.5-flash'] } } };
    const { template } = synth({ routes, appConfigPath: tempConfig(config) });
    const keys = resources(template, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('ServerKeys'));
    expect(keys).toHaveLength(1);
    const [keysId, secret] = keys[0]!;
    // It starts empty; the operator's values never pass through the template.
    expect(secret.Properties?.SecretString).toBe('{}');
    expect(secret.Properties?.Description).toContain('GOOGLE_API_KEY, OPENAI_API_KEY');
    const functions = routeFunctions(template);
    expect(functions.size).toBe(2);
    for (const { props } of functions.values()) {
      const variables = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(referencedIds(variables.MELD_SERVER_KEYS_ARN)).toEqual(new Set([keysId]));
    }
    const readers = resources(template, 'AWS::IAM::Policy').filter(([, policy]) => JSON.stringify(policy.Properties).includes(keysId));
    expect(readers.length).toBeGreaterThanOrEqual(2);

    const without = synth({ routes }).template;
    expect(resources(without, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('ServerKeys'))).toHaveLength(0);
  });
});

