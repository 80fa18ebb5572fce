import { Duration, RemovalPolicy, Stack, Tags, type CfnResource } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { bucketNames, FUNCTION_DEFAULTS, foldersIn, functionTimeoutSeconds, tableGrants, type TableUse } from '@meld/shared';
import { LAMBDA_BUNDLE, LAZY_MODULES } from '../bundling-options.ts';
import { sharedEntryFor } from '../route-table-slice.ts';
import { acknowledgeRule, nagArn, nagPseudo } from '../rule-pack.ts';
import { LOCK_FILE, REPO_ROOT, handlerEntry } from '../paths.ts';
import type { BucketName, InfraRoute, SecretName } from '../routes.ts';

/** Tag on every route function (value: the handler), so tools and tests can find them. */
export const ROUTE_TAG = 'meld:route';
/** Tag on the background worker, built the same way but serving no route (decision 0034). */
export const WORKER_TAG = 'meld:worker';

const BUCKET_ENV: Record<BucketName, string> = { files: 'MELD_FILES_BUCKET', audio: 'MELD_AUDIO_BUCKET' };
const SECRET_ENV: Record<SecretName, string> = { userKeys: 'MELD_USER_KEY_SECRET_ARN' };

/** The background worker's declaration (shared JOB_WORKER): access like a route's, no HTTP face. */
export type WorkerSpec = Pick<InfraRoute, 'handler' | 'table' | 'lambda'> & { description: string };

export interface RouteFunctionProps {
  route: InfraRoute | WorkerSpec;
  table: ITable;
  jwtSecret: ISecret;
  /** The validated app config, handed to the function as JSON. */
  appConfigJson: string;
  /** Constants written into the bundle from the app config (`bundleDefine`). */
  bundleDefine: Record<string, string>;
  /** Buckets the stack owns; the function is granted only those its route names. */
  buckets: Record<BucketName, IBucket>;
  /** Secrets the stack owns besides the JWT key; the function is granted only those its route names. */
  secrets: Record<SecretName, ISecret>;
  /** The code-runner Lambda, for a route whose `lambda.codeRunner` is set (decision 0025). */
  codeRunner?: IFunction;
  /** Where handler modules live; tests point this at stand-ins. */
  handlersDir?: string;
  serviceName?: string;
  /** How long the function's logs are kept (the stage decides). */
  logRetention: RetentionDays;
  /** Reserved concurrency when the route is `costly` (0: none): its cap, and what it keeps for itself. */
  costlyConcurrency?: number;
}

/**
 * Copies the lazy modules a route names into its asset's node_modules, where the handler's
 * `import()` finds them at run time. Each has no dependencies of its own, so a copy is the install.
 */
function lazyModuleHooks(modules: readonly string[]) {
  if (modules.length === 0) return undefined;
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [`mkdir -p "${outputDir}/node_modules"`, ...modules.map((name) => `cp -R "${inputDir}/node_modules/${name}" "${outputDir}/node_modules/"`)],
  };
}

/** One route's Lambda function with the project's defaults and only the access it needs. */
export class RouteFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route } = props;
    const timeoutSeconds = functionTimeoutSeconds(route);

    // An explicit log group (rather than the logRetention property) needs no custom resource.
    const logGroup = (this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    }));

    // A role of its own with no managed policy: it may write its own log group and, below, what
    // its route declares, nothing else (AWSLambdaBasicExecutionRole would allow every log group).
    const named = 'method' in route ? `${route.method} ${route.path}` : route.description;
    const role = (this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: `Meld ${named}` }));
    logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      description: `${named} (${route.handler})`,
      role,
      entry: handlerEntry(route.handler, props.handlersDir),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: route.lambda?.memoryMb ?? FUNCTION_DEFAULTS.memoryMb,
      timeout: Duration.seconds(timeoutSeconds),
      ...(route.lambda?.costly && props.costlyConcurrency ? { reservedConcurrentExecutions: props.costlyConcurrency } : {}),
      logGroup,
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLE.target,
        minify: LAMBDA_BUNDLE.minify,
        sourceMap: LAMBDA_BUNDLE.sourceMap,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: LAMBDA_BUNDLE.sourcesContent,
        mainFields: [...LAMBDA_BUNDLE.mainFields],
        banner: LAMBDA_BUNDLE.banner,
        bundleAwsSDK: LAMBDA_BUNDLE.bundleAwsSDK,
        esbuildArgs: Object.fromEntries(Object.entries({ ...LAMBDA_BUNDLE.alias, '@meld/shared': sharedEntryFor(route.handler) }).map(([from, to]) => [`--alias:${from}`, to])),
        define: props.bundleDefine,
        externalModules: [...LAZY_MODULES],
        commandHooks: lazyModuleHooks(route.lambda?.lazyModules ?? []),
      },
      environment: {
        MELD_TABLE_NAME: props.table.tableName,
        MELD_JWT_SECRET_ARN: props.jwtSecret.secretArn,
        MELD_APP_CONFIG: props.appConfigJson,
        POWERTOOLS_SERVICE_NAME: props.serviceName ?? 'meld',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    this.grantTable(props.table, route.table ?? []);
    props.jwtSecret.grantRead(this.function);
    const folders = route.lambda?.buckets ?? [];
    for (const name of bucketNames(folders)) this.grantBucket(name, props.buckets[name], foldersIn(folders, name));
    for (const name of route.lambda?.secrets ?? []) {
      props.secrets[name].grantRead(this.function);
      this.function.addEnvironment(SECRET_ENV[name], props.secrets[name].secretArn);
    }

    if (route.lambda?.ses) this.grantSendEmail();
    if (route.lambda?.transcribe) this.grantTranscribe();
    if (route.lambda?.polly) this.grantPolly();
    if (route.lambda?.codeRunner) {
      if (!props.codeRunner) throw new Error(`${route.handler} invokes the code runner, which the stack did not create`);
      this.grantCodeRunner(props.codeRunner);
    }

    Tags.of(this.function).add('method' in route ? ROUTE_TAG : WORKER_TAG, route.handler);
    acknowledgeRule(this.function, 'AwsSolutions-L1', 'Node 22 is the runtime the project builds, bundles and tests for (target node22); moving to a newer one is a decision of its own.');

  }

  /**
   * Exactly the table access the route declares (`RouteDef.table`): read or write actions on the
   * table, Scan only where declared, and Query on the indexes it names, no other.
   */
  grantTable(table: ITable, uses: readonly TableUse[]): void {
    const { tableActions, indexes } = tableGrants(uses);
    if (tableActions.length > 0) this.function.addToRolePolicy(new PolicyStatement({ actions: tableActions, resources: [table.tableArn] }));
    if (indexes.length > 0) this.function.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexes.map((index) => `${table.tableArn}/index/${index}`) }));
  }

  /**
   * SES v2 SendEmail through the account's verified identities (any region: the app config's
   * `email.region` may differ from the stack's), for the routes that mail links.
   */
  grantSendEmail(): void {
    const { account, partition } = Stack.of(this);
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [`arn:${partition}:ses:*:${account}:identity/*`] }));
    const nag = nagPseudo(this);
    acknowledgeRule(this.role, `AwsSolutions-IAM5[Resource::arn:${nag.partition}:ses:*:${nag.account}:identity/*]`, "The sender is whichever verified identity the app config names, in whichever region it names; the route may send nothing but mail (ses:SendEmail).");
  }

  /**
   * Starting and reading Amazon Transcribe jobs in the stack's region, for the routes that
   * transcribe recordings. Transcribe reads the recording and writes its transcript with the
   * caller's rights, which the audio bucket's grant already gives.
   */
  grantTranscribe(): void {
    const { account, partition, region } = Stack.of(this);
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob'],
        resources: [`arn:${partition}:transcribe:${region}:${account}:transcription-job/*`],
      }),
    );
    const nag = nagPseudo(this);
    acknowledgeRule(this.role, `AwsSolutions-IAM5[Resource::arn:${nag.partition}:transcribe:${nag.region}:${nag.account}:transcription-job/*]`, 'Each recording gets a job named when it is sent, so no job can be named ahead; only starting and reading jobs is allowed.');
  }

  /**
   * Speaking text and listing voices with Amazon Polly, for the text-to-speech routes. Neither
   * action names a resource of ours (lexicons aside, which Meld does not use), so both are on `*`.
   */
  grantPolly(): void {
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['polly:SynthesizeSpeech', 'polly:DescribeVoices'], resources: ['*'] }));
    acknowledgeRule(this.role, 'AwsSolutions-IAM5[Resource::*]', 'Polly names no resource for speaking or listing voices (lexicons aside, which Meld does not use): IAM takes only `*` for them.');
  }

  /**
   * Invoking the code-runner Lambda, that one function only, and its name in the environment:
   * the route sends it the program and gets the run back (functions/src/code-runner/invoke.ts).
   */
  grantCodeRunner(codeRunner: IFunction): void {
    // The function itself, not its versions (`grantInvoke` would add `<arn>:*`): none is published.
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [codeRunner.functionArn] }));
    this.function.addEnvironment('MELD_CODE_RUNNER_FUNCTION', codeRunner.functionName);
  }

  /**
   * Read on the key CloudFront sends its origins, and its ARN in the environment: like the JWT
   * key, fetched once per cold start, so its value is never part of the function's configuration.
   */
  grantEdgeOriginKey(secret: ISecret): void {
    secret.grantRead(this.function);
    this.function.addEnvironment('MELD_EDGE_ORIGIN_KEY_ARN', secret.secretArn);
  }

  /** The server's own provider keys, loaded into the environment at cold start (functions/src/config/secrets.ts). */
  grantServerKeys(secret: ISecret): void {
    secret.grantRead(this.function);
    this.function.addEnvironment('MELD_SERVER_KEYS_ARN', secret.secretArn);
  }

  /**
   * Read/write on the objects of the folders the route declares in one bucket, and the bucket's
   * name in the environment. Never on old versions: those are the way back from a bad delete (the
   * buckets are versioned, docs/operations.md "Restore data"), so no route may remove one.
   */
  grantBucket(name: BucketName, bucket: IBucket, folders: readonly string[]): void {
    // What blobs.ts sends, and no more: GET, PUT (a copy is a PUT reading its source) and DELETE
    // of an object, presigned GET and PUT (signed with this role), and listing keys under a
    // folder. ListBucket also lets a missing key answer 404 rather than 403; S3 checks it then
    // with no prefix in the request, hence IfExists.
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: folders.map((folder) => bucket.arnForObjects(`${folder}/*`)) }));
    this.function.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLikeIfExists: { 's3:prefix': folders.map((folder) => `${folder}/*`) } } }),
    );
    for (const folder of folders) {
      acknowledgeRule(
        this.role,
        `AwsSolutions-IAM5[Resource::${nagArn(this, bucket.node.defaultChild as CfnResource)}/${folder}/*]`,
        "Objects in a folder are keyed by member, and one role serves every member, so IAM cannot hold a request to its member's keys: the handlers do, from the signed-in user. No route may delete an old version (the Deny below).",
      );
    }
    this.function.addToRolePolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['s3:DeleteObjectVersion'], resources: [bucket.arnForObjects('*')] }));
    this.function.addEnvironment(BUCKET_ENV[name], bucket.bucketName);
  }
}
