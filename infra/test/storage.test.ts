import { describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '@meld/shared';
import { synth, tempConfig } from './support/synth.ts';
import { referencedIds, resources } from './support/template.ts';

describe('buckets', () => {
  const { template } = synth();
  const buckets = resources(template, 'AWS::S3::Bucket');
  const policies = resources(template, 'AWS::S3::BucketPolicy');
  const [distributionId] = resources(template, 'AWS::CloudFront::Distribution')[0]!;

  it('has the files, audio and web buckets', () => {
    expect(buckets.map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual(['StorageAudio', 'StorageFiles', 'StorageWeb']);
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
    for (const [id, bucket] of buckets.filter(([id]) => !id.startsWith('StorageWeb'))) {
      const rules = (bucket.Properties?.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
      expect(rules, id).toHaveLength(1);
      expect((rules[0]!.AllowedMethods as string[]).sort()).toEqual(['GET', 'POST', 'PUT']);
      expect(rules[0]!.AllowedOrigins).toHaveLength(1);
      expect(referencedIds(rules[0]!.AllowedOrigins).has(distributionId)).toBe(true);
    }
    const [, web] = buckets.find(([id]) => id.startsWith('StorageWeb'))!;
    expect(web.Properties?.CorsConfiguration).toBeUndefined();
  });

  it('also allows the operator’s own domain when the app config names one', () => {
    const withDomain = synth({ appConfigPath: tempConfig({ serverDomain: 'meld.example.org' }) }).template;
    const [, files] = resources(withDomain, 'AWS::S3::Bucket').find(([id]) => id.startsWith('StorageFiles'))!;
    const [rule] = (files.Properties?.CorsConfiguration as { CorsRules: { AllowedOrigins: unknown[] }[] }).CorsRules;
    expect(rule!.AllowedOrigins).toContain('https://meld.example.org');
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

  it('survives the stack being deleted', () => {
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });
});

describe('secrets', () => {
  it('generates the JWT signing key and the user-key encryption secret in Secrets Manager, never in the template', () => {
    const { template } = synth();
    const secrets = resources(template, 'AWS::SecretsManager::Secret');
    expect(secrets.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['JwtSigningKey', 'UserKeyEncryptionKey']);
    for (const [, secret] of secrets) {
      expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
      expect(secret.Properties?.SecretString).toBeUndefined();
    }
  });
});
