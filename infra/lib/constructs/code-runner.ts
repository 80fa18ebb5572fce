import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { FlowLogDestination, FlowLogTrafficType, SecurityGroup, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { LAMBDA_BUNDLE } from '../bundling-options.ts';
import { LOCK_FILE, REPO_ROOT } from '../paths.ts';
import { acknowledgeRule, NAG_BASIC_EXECUTION_POLICY, nagManagedPolicy } from '../rule-pack.ts';

/** Pyodide's interpreter (its heap capped at 512 MB) beside Node, and CPU for its cold start. */
export const CODE_RUNNER_MEMORY_MB = 2048;
/** A run's 15 s deadline plus Pyodide's load on a cold start. */
export const CODE_RUNNER_TIMEOUT_SECONDS = 45;

/**
 * The sandbox's WebAssembly files: Pyodide (interpreter and standard library) and QuickJS. They
 * load their .wasm and .zip beside their own modules, so they ship as files in the asset, never
 * bundled (decision 0025). `ws` (Pyodide's socket bridge) is left out on purpose.
 */
export const CODE_RUNNER_MODULES = ['pyodide', '@jitl/quickjs-wasmfile-release-sync', '@jitl/quickjs-ffi-types'] as const;

const RUNNER_DIR = join(REPO_ROOT, 'functions', 'src', 'code-runner');

/** The function's architecture, and the sandbox Node built for it (sandbox-node.json). */
const ARCHITECTURE = Architecture.ARM_64;
const SANDBOX_NODE_ARCH = 'arm64';

/**
 * Shell steps after esbuild has bundled the handler: copy the sandbox's packages into the asset's
 * node_modules, bundle the sandbox process's module beside the handler, as code-runner-child.mjs
 * (each run is a process of its own started from that file), and put the sandbox's own Node beside
 * it as sandbox-node/node: the pinned build whose permission model denies the network, which the
 * function's Node 22 cannot (decision 0025). About 150 MB unzipped, within Lambda's 250 MB.
 */
export function afterBundling(inputDir: string, outputDir: string): string[] {
  const external = CODE_RUNNER_MODULES.map((name) => `--external:${name}`).join(' ');
  return [
    `mkdir -p "${outputDir}/node_modules/@jitl"`,
    ...CODE_RUNNER_MODULES.map((name) => `cp -R "${inputDir}/node_modules/${name}" "${outputDir}/node_modules/${name}"`),
    `"${inputDir}/node_modules/.bin/esbuild" "${join(RUNNER_DIR, 'sandbox-child.ts')}" --bundle --platform=node --format=esm --target=${LAMBDA_BUNDLE.target} --minify ${external} --outfile="${outputDir}/code-runner-child.mjs"`,
    `node "${inputDir}/scripts/ensure-sandbox-node.mjs" --arch ${SANDBOX_NODE_ARCH} --copy-to "${outputDir}/sandbox-node"`,
  ];
}

/**
 * The code runner's own Lambda (decision 0025): JavaScript and Python run here, invoked only by
 * the tool route. It has no network at all, being in a VPC of isolated subnets (no NAT gateway,
 * no endpoints) behind a security group that allows no traffic out, and a role that may write its
 * logs and attach to that VPC, nothing else: no table, no bucket, no secret. The VPC attachment's
 * network-interface permissions are Lambda's own to use: the function's code, whose credentials
 * carry `lambda:SourceFunctionArn`, is denied every EC2 action.
 */
export class CodeRunner extends Construct {
  readonly function: NodejsFunction;
  readonly vpc: Vpc;

  /** `reservedConcurrency`: how many runs at once at most, and kept for it (0: none; the stage's costly concurrency). */
  constructor(scope: Construct, id: string, props: { logRetention: RetentionDays; reservedConcurrency?: number }) {
    super(scope, id);
    this.vpc = new Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'sandbox', subnetType: SubnetType.PRIVATE_ISOLATED }],
      // The default group's rules are emptied by a custom resource otherwise; nothing uses that group.
      restrictDefaultSecurityGroup: false,
    });
    // Every packet the sandbox sends or is sent, accepted or rejected, logged: with no route out
    // of the VPC, any rejected line is an escape attempt worth reading.
    const flowLogs = new LogGroup(this, 'FlowLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    this.vpc.addFlowLog('FlowLog', { destination: FlowLogDestination.toCloudWatchLogs(flowLogs), trafficType: FlowLogTrafficType.ALL });
    const securityGroup = new SecurityGroup(this, 'NoTraffic', { vpc: this.vpc, description: 'Meld code runner: no inbound, no outbound traffic', allowAllOutbound: false });
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });

    this.function = new NodejsFunction(this, 'Function', {
      description: 'Meld code runner: QuickJS and Pyodide sandbox, no network',
      entry: join(RUNNER_DIR, 'handler.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      runtime: Runtime.NODEJS_22_X,
      architecture: ARCHITECTURE,
      memorySize: CODE_RUNNER_MEMORY_MB,
      timeout: Duration.seconds(CODE_RUNNER_TIMEOUT_SECONDS),
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      logGroup,
      vpc: this.vpc,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_ISOLATED },
      securityGroups: [securityGroup],
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLE.target,
        minify: LAMBDA_BUNDLE.minify,
        sourceMap: LAMBDA_BUNDLE.sourceMap,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: LAMBDA_BUNDLE.sourcesContent,
        mainFields: [...LAMBDA_BUNDLE.mainFields],
        banner: LAMBDA_BUNDLE.banner,
        externalModules: [...CODE_RUNNER_MODULES],
        commandHooks: { beforeBundling: () => [], beforeInstall: () => [], afterBundling },
      },
      // A run shares the function's user there: no SIGUSR1 may open the server's inspector (decision 0025).
      environment: { NODE_OPTIONS: '--enable-source-maps --disable-sigusr1' },
    });
    this.function.addToRolePolicy(
      new PolicyStatement({
        sid: 'NoNetworkInterfacesFromFunctionCode',
        effect: Effect.DENY,
        actions: ['ec2:*'],
        resources: ['*'],
        // Present only on the credentials the function's code holds (this role is that function's alone).
        conditions: { Null: { 'lambda:SourceFunctionArn': 'false' } },
      }),
    );
    acknowledgeRule(this.function, 'AwsSolutions-L1', 'The handler runs on Node 22 like every route; the sandboxed programs run on the pinned Node of decision 0025, whatever the runtime.');
    acknowledgeRule(this.function, NAG_BASIC_EXECUTION_POLICY, 'Its own logs; the role may do nothing else but attach to the isolated VPC.');
    acknowledgeRule(
      this.function,
      nagManagedPolicy('service-role/AWSLambdaVPCAccessExecutionRole'),
      "The network interfaces Lambda attaches to the isolated VPC are Lambda's own to manage; the function's code is denied every EC2 action (the Deny above).",
    );
  }
}
