import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bucketNames, foldersIn, FUNCTION_DEFAULTS, functionTimeoutSeconds, parseAppConfig, routeList, tableGrants, type TableUse } from '@meld/shared';
import { DEFAULT_APP_CONFIG_PATH } from '../lib/paths.ts';
import { STAGES } from '../lib/stage.ts';
import type { InfraRoute } from '../lib/routes.ts';
import { synth } from './support/synth.ts';
import { referencedId, referencedIds, resources, routeFunctions } from './support/template.ts';

const { template } = synth();
const functions = routeFunctions(template);
const [tableId] = resources(template, 'AWS::DynamoDB::Table')[0]!;
const secretIdOf = (prefix: string) => resources(template, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith(prefix))![0];
const secretId = secretIdOf('JwtSigningKey');
const userKeySecretId = secretIdOf('UserKeyEncryptionKey');
const edgeOriginKeyId = secretIdOf('EdgeOriginKey');

type Environment = Record<string, unknown>;
const environmentOf = (props: Record<string, unknown>) =>
  ((props.Environment as { Variables?: Environment } | undefined)?.Variables ?? {}) as Environment;

describe('route functions', () => {
  it('creates exactly one tagged function per route in the route table', () => {
    expect([...functions.keys()].sort()).toEqual(routeList.map((route) => route.handler).sort());
  });

  it('adds no other functions besides the code runner, the background worker and the CDK helpers that empty the web bucket and set the buckets’ CORS', () => {
    const untagged = resources(template, 'AWS::Lambda::Function').filter(([id]) => ![...functions.values()].some((f) => f.id === id));
    // AWS679f53… is the fixed id of AwsCustomResource's one shared function; the code runner is decision 0025's.
    expect(untagged.map(([id]) => id).sort()).toEqual([expect.stringMatching(/^AWS679f53fac002430cb0da5b7982bd2287/), expect.stringMatching(/^CodeRunnerFunction/), expect.stringMatching(/^CustomS3AutoDeleteObjects/), expect.stringMatching(/^JobsWorker/)]);
  });

  it.each(routeList.map((route) => [route.handler, route] as const))('%s runs on Node 22 on arm64 with the table name', (handler) => {
    const { props } = functions.get(handler)!;
    expect(props.Runtime).toBe('nodejs22.x');
    expect(props.Architectures).toEqual(['arm64']);
    expect(referencedId(environmentOf(props).MELD_TABLE_NAME)).toBe(tableId);
  });

  it('passes the JWT secret ARN, the validated app config and the runtime settings', () => {
    const expectedConfig = parseAppConfig(JSON.parse(readFileSync(DEFAULT_APP_CONFIG_PATH, 'utf8')));
    for (const { props } of functions.values()) {
      const env = environmentOf(props);
      expect(referencedId(env.MELD_JWT_SECRET_ARN)).toBe(secretId);
      expect(JSON.parse(env.MELD_APP_CONFIG as string)).toEqual(expectedConfig);
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.POWERTOOLS_SERVICE_NAME).toBe('meld');
      expect(env).not.toHaveProperty('MELD_SIGNUP_CODES');
    }
  });

  it('names the edge origin key’s ARN, never its value, in every function’s environment', () => {
    for (const { props } of functions.values()) {
      const env = environmentOf(props);
      expect(referencedId(env.MELD_EDGE_ORIGIN_KEY_ARN)).toBe(edgeOriginKeyId);
      expect(env).not.toHaveProperty('MELD_EDGE_ORIGIN_KEY');
    }
  });

  it('uses the defaults unless the route asks for more memory or time', () => {
    for (const route of routeList) {
      const { props } = functions.get(route.handler)!;
      expect(props.MemorySize).toBe(route.lambda?.memoryMb ?? FUNCTION_DEFAULTS.memoryMb);
      expect(props.Timeout).toBe(functionTimeoutSeconds(route));
    }
    expect(functions.get('auth/login')!.props.MemorySize).toBe(1024);
  });

  it('keeps each function’s logs in its own log group with a retention period', () => {
    for (const { props } of functions.values()) {
      const [logGroupId] = referencedIds(props.LoggingConfig);
      const logGroup = resources(template, 'AWS::Logs::LogGroup').find(([id]) => id === logGroupId);
      expect(logGroup?.[1].Properties?.RetentionInDays).toBe(STAGES.dev.logRetention);
    }
  });
});

describe('least privilege', () => {
  const policies = resources(template, 'AWS::IAM::Policy');
  const statementsFor = (functionId: string) => {
    const fn = [...functions.values()].find((f) => f.id === functionId)!;
    const roleId = referencedId(fn.props.Role);
    return policies
      .filter(([, policy]) => referencedIds(policy.Properties?.Roles).has(roleId!))
      .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
  };
  // A copy, so sorting it leaves the shared template alone.
  const asList = (value: unknown) => (Array.isArray(value) ? [...value] : [value]);

  it('never grants a wildcard action on every resource', () => {
    for (const { id } of functions.values()) {
      for (const statement of statementsFor(id)) {
        const actions = asList(statement.Action) as string[];
        expect(actions.some((action) => action === '*' || action === 'dynamodb:*')).toBe(false);
        // X-Ray and Polly's speech and voice list name no resource of ours: IAM takes only `*` for them.
        if (asList(statement.Resource).includes('*')) expect(actions.every((action) => action.startsWith('xray:') || action === 'polly:SynthesizeSpeech' || action === 'polly:DescribeVoices')).toBe(true);
      }
    }
  });

  it('grants each function exactly the table access its route declares: no write to a reader, Scan to none, only the indexes it queries', () => {
    /** Every (action, resource) pair a function's policy allows on the table, the table written `table`. */
    const tableAccess = (statements: Record<string, unknown>[]) =>
      statements
        .filter((s) => s.Effect === 'Allow' && (asList(s.Action) as string[]).some((a) => a.startsWith('dynamodb:')))
        .flatMap((s) => {
          expect([...referencedIds(s.Resource)]).toEqual([tableId]);
          return (asList(s.Action) as string[]).flatMap((action) => asList(s.Resource).map((resource) => `${action} on ${/\/index\/(\w+)/.exec(JSON.stringify(resource))?.[1] ?? 'table'}`));
        })
        .sort();
    const declared = (uses: readonly TableUse[]) => {
      const { tableActions, indexes } = tableGrants(uses);
      return [...tableActions.map((action) => `${action} on table`), ...indexes.map((index) => `dynamodb:Query on ${index}`)].sort();
    };
    for (const route of routeList) {
      const granted = tableAccess(statementsFor(functions.get(route.handler)!.id));
      expect(granted, route.name).toEqual(declared(route.table!));
      if (!route.table!.includes('write')) expect(granted.filter((grant) => /PutItem|UpdateItem|DeleteItem|BatchWriteItem/.test(grant)), route.name).toEqual([]);
      expect(granted.filter((grant) => grant.startsWith('dynamodb:Scan')), route.name).toEqual([]);
    }
    // The declarations span every kind: some routes touch no item, some only read, some write, some query an index.
    expect(new Set(routeList.map((route) => (route.table!.length === 0 ? 'none' : route.table!.includes('write') ? 'write' : 'read')))).toEqual(new Set(['none', 'read', 'write']));
    expect(routeList.filter((route) => route.table!.some((use) => use.startsWith('gsi'))).length).toBeGreaterThan(10);
  });

  it('grants read on the JWT secret and the edge origin key, and S3 only to routes naming a bucket', () => {
    for (const route of routeList) {
      const statements = statementsFor(functions.get(route.handler)!.id);
      const secrets = statements.filter((s) => (asList(s.Action) as string[]).some((a) => a.startsWith('secretsmanager:')));
      for (const statement of secrets) expect(asList(statement.Action).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
      const readable = new Set(secrets.flatMap((s) => [...referencedIds(s.Resource)]));
      expect(readable).toEqual(new Set(route.lambda?.secrets?.length ? [secretId, edgeOriginKeyId, userKeySecretId] : [secretId, edgeOriginKeyId]));
      expect(statements.some((s) => (asList(s.Action) as string[]).some((a) => a.startsWith('s3:')))).toBe(Boolean(route.lambda?.buckets?.length));
    }
  });

  it('lets only the routes that mail links send through SES, and only through identities', () => {
    const senders = routeList.filter((route) => route.lambda?.ses).map((route) => route.handler);
    expect(senders.sort()).toEqual(['auth/register', 'auth/request-password-reset', 'user/resend-verification']);
    for (const route of routeList) {
      const ses = statementsFor(functions.get(route.handler)!.id).filter((s) => (asList(s.Action) as string[]).some((a) => a.startsWith('ses:')));
      if (!senders.includes(route.handler)) {
        expect(ses).toEqual([]);
        continue;
      }
      expect(ses).toHaveLength(1);
      expect(ses[0]!.Action).toBe('ses:SendEmail');
      expect(JSON.stringify(ses[0]!.Resource)).toMatch(/:ses:\*:.*:identity\/\*/);
    }
  });

  it('lets only the routes that transcribe recordings start and read Transcribe jobs, beside the audio bucket', () => {
    const transcribers = routeList.filter((route) => route.lambda?.transcribe).map((route) => route.handler);
    expect(transcribers.sort()).toEqual(['fragments/create-voice-fragment', 'mentor-interview/get-response', 'mentor-interview/retry-transcription', 'mentor-interview/save-response', 'speech/speech-to-text']);
    const [audioBucketId] = resources(template, 'AWS::S3::Bucket').find(([id]) => id.startsWith('StorageAudio'))!;
    for (const route of routeList) {
      const { id, props } = functions.get(route.handler)!;
      const transcribe = statementsFor(id).filter((s) => (asList(s.Action) as string[]).some((a) => a.startsWith('transcribe:')));
      if (!transcribers.includes(route.handler)) {
        expect(transcribe).toEqual([]);
        continue;
      }
      expect(transcribe).toHaveLength(1);
      expect(asList(transcribe[0]!.Action).sort()).toEqual(['transcribe:GetTranscriptionJob', 'transcribe:StartTranscriptionJob']);
      expect(JSON.stringify(transcribe[0]!.Resource)).toMatch(/:transcribe:.*:transcription-job\/\*/);
      expect(referencedId(environmentOf(props).MELD_AUDIO_BUCKET)).toBe(audioBucketId);
    }
  });

  it('lets only the text-to-speech routes speak and list voices with Polly', () => {
    const speakers = routeList.filter((route) => route.lambda?.polly).map((route) => route.handler);
    expect(speakers.sort()).toEqual(['speech/list-voices', 'speech/text-to-speech']);
    for (const route of routeList) {
      const polly = statementsFor(functions.get(route.handler)!.id).filter((s) => (asList(s.Action) as string[]).some((a) => a.startsWith('polly:')));
      if (!speakers.includes(route.handler)) {
        expect(polly).toEqual([]);
        continue;
      }
      expect(polly).toHaveLength(1);
      expect(asList(polly[0]!.Action).sort()).toEqual(['polly:DescribeVoices', 'polly:SynthesizeSpeech']);
      expect(polly[0]!.Resource).toBe('*');
    }
  });

  it('grants the user-key secret, and names it in the environment, only to routes that ask for it', () => {
    const askers = routeList.filter((route) => route.lambda?.secrets?.includes('userKeys'));
    expect(askers.map((route) => route.handler)).toContain('keys/update-key');
    // Every chat route: the pipeline opens the user's own key for a user_provided endpoint. The
    // coach's route streams too, but the coach always runs on a server key (decision 0016).
    for (const route of routeList.filter((r) => r.streaming && r.handler.startsWith('ask/'))) expect(askers).toContain(route);
    expect(askers.map((route) => route.handler)).not.toContain('coach-chats/ask-coach');
    for (const route of routeList) {
      const env = environmentOf(functions.get(route.handler)!.props);
      if (askers.includes(route)) expect(referencedId(env.MELD_USER_KEY_SECRET_ARN)).toBe(userKeySecretId);
      else expect(env).not.toHaveProperty('MELD_USER_KEY_SECRET_ARN');
    }
    expect(environmentOf(functions.get('keys/list-keys')!.props)).not.toHaveProperty('MELD_USER_KEY_SECRET_ARN');
  });

  it('grants a bucket’s declared folders, and names the bucket in the environment, only to routes that ask for them', () => {
    const uploader: InfraRoute = {
      name: 'uploadFile',
      method: 'POST',
      path: '/api/files',
      handler: 'files/upload-file',
      auth: 'user',
      response: routeList[0]!.response,
      lambda: { buckets: ['files:files'] },
    };
    const withUploads = synth({ routes: [...routeList, uploader] }).template;
    const fns = routeFunctions(withUploads);
    const [filesBucketId] = resources(withUploads, 'AWS::S3::Bucket').find(([id]) => id.startsWith('StorageFiles'))!;
    expect(referencedId(environmentOf(fns.get('files/upload-file')!.props).MELD_FILES_BUCKET)).toBe(filesBucketId);
    expect(environmentOf(fns.get('files/upload-file')!.props)).not.toHaveProperty('MELD_AUDIO_BUCKET');
    expect(environmentOf(fns.get('auth/login')!.props)).not.toHaveProperty('MELD_FILES_BUCKET');
    const s3Policies = resources(withUploads, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p).includes('s3:PutObject'));
    // One per route that asks for a bucket, and the background worker's (decision 0034).
    expect(s3Policies).toHaveLength([...routeList, uploader].filter((route) => route.lambda?.buckets?.length).length + 1);
    // Each route's policy names the buckets it asked for, and only those; so does its environment.
    const [audioBucketId] = resources(withUploads, 'AWS::S3::Bucket').find(([id]) => id.startsWith('StorageAudio'))!;
    const buckets = { files: { id: filesBucketId, variable: 'MELD_FILES_BUCKET' }, audio: { id: audioBucketId, variable: 'MELD_AUDIO_BUCKET' } } as const;
    const bucketRoutes = [...routeList, uploader].filter((route) => route.lambda?.buckets?.length);
    expect(bucketRoutes.some((route) => bucketNames(route.lambda!.buckets!).includes('audio'))).toBe(true);
    for (const route of bucketRoutes) {
      const { props } = fns.get(route.handler)!;
      const roleId = referencedId(props.Role);
      const named = new Set(s3Policies.filter(([, policy]) => referencedIds(policy.Properties?.Roles).has(roleId!)).flatMap(([, policy]) => [...referencedIds(policy.Properties?.PolicyDocument)]));
      for (const role of ['files', 'audio'] as const) {
        const asked = bucketNames(route.lambda!.buckets!).includes(role);
        expect(named.has(buckets[role].id)).toBe(asked);
        if (asked) expect(referencedId(environmentOf(props)[buckets[role].variable])).toBe(buckets[role].id);
        else expect(environmentOf(props)).not.toHaveProperty(buckets[role].variable);
      }
      const statements = s3Policies
        .filter(([, policy]) => referencedIds(policy.Properties?.Roles).has(roleId!))
        .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }[] }).Statement);
      for (const role of bucketNames(route.lambda!.buckets!)) {
        // Objects in the declared folders only, and listing under them only.
        const folders = foldersIn(route.lambda!.buckets!, role);
        // CDK merges statements of the same actions, so one may name both buckets' folders.
        const objects = statements.filter((s) => s.Effect === 'Allow' && asList(s.Action).includes('s3:GetObject'));
        for (const statement of objects) expect(asList(statement.Action).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
        const granted = objects.flatMap((s) => asList(s.Resource)).filter((resource) => referencedIds(resource).has(buckets[role].id));
        expect(granted.map((resource) => /\/([\w-]+)\/\*"?\]/.exec(JSON.stringify(resource))?.[1]).sort(), route.handler).toEqual([...folders].sort());
        const listing = statements.find((s) => s.Effect === 'Allow' && asList(s.Action).includes('s3:ListBucket') && referencedIds(s.Resource).has(buckets[role].id));
        expect(listing?.Condition).toEqual({ StringLikeIfExists: { 's3:prefix': folders.map((folder) => `${folder}/*`) } });
        // The buckets are versioned: a route may delete an object, never one of its old versions.
        const denied = statements.filter((s) => s.Effect === 'Deny' && asList(s.Action).includes('s3:DeleteObjectVersion'));
        expect(denied.some((s) => referencedIds(s.Resource).has(buckets[role].id)), `${route.handler}: old versions in ${role}`).toBe(true);
      }
    }
  });
});
