import { existsSync } from 'node:fs';
import { Annotations, Aws, CfnOutput, CfnRule, Fn, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { framedOrigins, routeList, type AppConfig } from '@meld/shared';
import type { Construct } from 'constructs';
import { loadAppConfig, serverKeyNames, serverOrigin } from './app-config.ts';
import { bundleDefine } from './bundling-options.ts';
import { CodeRunner } from './constructs/code-runner.ts';
import { DataTable } from './constructs/data-table.ts';
import { JobWorker } from './constructs/job-worker.ts';
import { MeldHttpApi } from './constructs/http-api.ts';
import { OperationsAlarms } from './constructs/operations-alarms.ts';
import { RouteAreaStack } from './constructs/route-area-stack.ts';
import type { RouteFunction } from './constructs/route-function.ts';
import { SiteDistribution, type StreamOrigin } from './constructs/site-distribution.ts';
import { cognitoProviders, SocialSignIn } from './constructs/social-sign-in.ts';
import { ACCESS_LOG_PREFIXES, StorageBuckets } from './constructs/storage-buckets.ts';
import { acknowledgeRule } from './rule-pack.ts';
import { WebFirewall } from './constructs/web-firewall.ts';
import { WebDeployment } from './constructs/web-deployment.ts';
import { DEFAULT_APP_CONFIG_PATH, DEFAULT_WEB_DIST } from './paths.ts';
import { constructId, routesByArea, type InfraRoute } from './routes.ts';
import { apiThrottleFromContext, costlyConcurrencyFromContext, domainFromContext, stageFromContext, type DomainSettings, type StageSettings } from './stage.ts';
import { refuseTestOnlyEnvironment } from './test-only-env.ts';

export interface MeldStackProps extends StackProps {
  /** The routes to deploy; the shared route table unless a test passes its own. */
  routes?: readonly InfraRoute[];
  /** The operator's app config; meld.config.json at the repo root by default. */
  appConfigPath?: string;
  /** Folder of handler modules (functions/src/routes by default). */
  handlersDir?: string;
  /** The web build to upload; web/dist by default. Skipped, with a warning, when absent. */
  webDistPath?: string;
  /** dev or prod; from the `meld:stage` context by default. */
  stage?: StageSettings;
  /** The operator's domain; from the `meld:domainName` context (and its companions) by default. */
  domain?: DomainSettings;
  /**
   * A web ACL made in us-east-1 by MeldEdgeStack, for a stack in another region. Without one,
   * the stack makes its own, which AWS accepts only in us-east-1.
   */
  firewall?: { arn: string; name: string };
}

/** Everything Meld runs on in AWS, derived from the route table and the app config. */
export class MeldStack extends Stack {
  readonly routeFunctions = new Map<string, RouteFunction>();
  /** The nested stack of each route area, by area name. */
  readonly areaStacks = new Map<string, RouteAreaStack>();
  readonly jobWorker: JobWorker;

  constructor(scope: Construct, id: string, props: MeldStackProps = {}) {
    super(scope, id, props);
    refuseTestOnlyEnvironment(this);
    const routes = props.routes ?? routeList;
    const appConfig = loadAppConfig(props.appConfigPath ?? DEFAULT_APP_CONFIG_PATH);

    const stage = props.stage ?? stageFromContext(this.node);
    const domain = props.domain ?? domainFromContext(this.node);
    const firewall = props.firewall ?? this.ownFirewall(stage);

    const { table } = new DataTable(this, 'Data', { retain: stage.retainData });
    const jwtSecret = new Secret(this, 'JwtSigningKey', {
      description: 'HMAC key that signs Meld access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // Encrypts users' own API keys (AES-256-GCM); to rotate, prepend a new value, space-separated.
    const userKeySecret = new Secret(this, 'UserKeyEncryptionKey', {
      description: 'Key-encryption secret for the API keys Meld users store',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // CloudFront proves itself to the API and stream origins with this header (decision 0011).
    const edgeOriginKey = new Secret(this, 'EdgeOriginKey', {
      description: 'Header value CloudFront sends to the Meld origins, so they can trust its viewer address',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // No rotation Lambda: each of these rotates by hand, in steps a schedule cannot take (docs/operations.md, "Rotate secrets").
    acknowledgeRule(jwtSecret, 'AwsSolutions-SMG4', 'Rotated in three steps a few minutes apart (announce, switch, retire), so no one is signed out; a single-step scheduled rotation would sign everyone out.');
    acknowledgeRule(userKeySecret, 'AwsSolutions-SMG4', 'Keys stored under the old value open only with it: the new value is prepended and the old one dropped once every member has saved their key again, which no schedule can know.');
    acknowledgeRule(edgeOriginKey, 'AwsSolutions-SMG4', 'CloudFront reads this value only when the distribution is updated, so rotating it takes a deploy after the new value is put; a schedule would leave the two sides disagreeing.');
    const buckets = new StorageBuckets(this, 'Storage', { logRetention: stage.logRetention, accessLogRetention: stage.accessLogRetention, keepOldVersionsDays: stage.keepOldVersionsDays });
    const zone = domain?.hostedZone && HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: domain.hostedZone.id, zoneName: domain.hostedZone.name });
    const api = new MeldHttpApi(this, 'Http', {
      throttle: apiThrottleFromContext(this.node, stage),
      accessLogRetention: stage.accessLogRetention,
      ...(domain && zone ? { originDomain: { name: `origin.${domain.domainName}`, zone } } : {}),
    });
    const operations = new OperationsAlarms(this, 'Operations', { api: api.api, table, firewallName: firewall.name });
    // The sandbox's own function, in the parent stack, when a route runs code (decision 0025).
    const costlyConcurrency = costlyConcurrencyFromContext(this.node, stage);
    // The sandbox's reserve covers its callers' together, so a run is never turned away while they may call.
    const runnerCallers = routes.filter((route) => route.lambda?.codeRunner).length;
    const codeRunner = runnerCallers > 0 ? new CodeRunner(this, 'CodeRunner', { logRetention: stage.logRetention, reservedConcurrency: costlyConcurrency * runnerCallers }) : undefined;

    // What every function of the app is built with, the routes' and the background worker's.
    const functionBasis = {
      table,
      jwtSecret,
      appConfigJson: appConfig.json,
      bundleDefine: bundleDefine(appConfig.config),
      buckets: buckets.data,
      secrets: { userKeys: userKeySecret },
      handlersDir: props.handlersDir,
      logRetention: stage.logRetention,
      alarmTopic: operations.topic,
    };
    // One nested stack per area keeps each stack far from CloudFormation's 500 resources (0007).
    const streams: StreamOrigin[] = [];
    for (const [area, areaRoutes] of routesByArea(routes)) {
      const areaStack = new RouteAreaStack(this, `${constructId(area)}Routes`, {
        ...functionBasis,
        area,
        routes: areaRoutes,
        api,
        ...(codeRunner ? { codeRunner: codeRunner.function } : {}),
        costlyConcurrency,
      });
      this.areaStacks.set(area, areaStack);
      for (const [name, routeFunction] of areaStack.routeFunctions) this.routeFunctions.set(name, routeFunction);
      streams.push(...areaStack.streams);
    }
    for (const routeFunction of this.routeFunctions.values()) routeFunction.grantEdgeOriginKey(edgeOriginKey);
    // Deletes and copies too large for a request (decision 0034), beside the table that feeds it.
    this.jobWorker = new JobWorker(this, 'Jobs', functionBasis);
    this.addServerKeys(appConfig.config);

    const configuredOrigin = serverOrigin(appConfig.config);
    const site = new SiteDistribution(this, 'Site', {
      webBucket: buckets.web,
      apiOriginHost: api.originHost,
      streams,
      originKey: edgeOriginKey,
      apiPaths: routes.filter((route) => !route.streaming).map((route) => route.path),
      storageOrigins: Object.values(buckets.data).map((bucket) => `https://${bucket.bucketRegionalDomainName}`),
      frameOrigins: framedOrigins(appConfig.config),
      webAclArn: firewall.arn,
      logBucket: buckets.accessLogs,
      logPrefix: ACCESS_LOG_PREFIXES.cloudfront,
      ...(domain ? { domain } : {}),
    });
    if (domain && configuredOrigin && configuredOrigin !== site.url) {
      Annotations.of(this).addWarningV2('meld:domain-mismatch', `The app config's serverDomain (${configuredOrigin}) is not the stack's domain (${site.url}): links in e-mails and sign-in callbacks will point at serverDomain.`);
    }
    buckets.allowBrowserAccessFrom(configuredOrigin ? [site.url, configuredOrigin] : [site.url]);
    this.addSocialSignIn(appConfig.config, configuredOrigin, site.url);
    const webDist = props.webDistPath ?? DEFAULT_WEB_DIST;
    if (existsSync(webDist)) {
      new WebDeployment(this, 'WebDeployment', { distPath: webDist, bucket: buckets.web });
    } else {
      Annotations.of(this).addWarningV2(
        'meld:no-web-build',
        `No web build at ${webDist}: the site bucket is not deployed. Run \`npm run build:web\` before deploying.`,
      );
    }

    new CfnOutput(this, 'Stage', { value: stage.name });
    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The app, its API and its streams' });
    if (domain && !domain.hostedZone) {
      new CfnOutput(this, 'DomainTarget', { value: site.distribution.distributionDomainName, description: `Point a CNAME (or alias) for ${domain.domainName} at this name` });
    }
    new CfnOutput(this, 'ApiUrl', { value: `https://${api.originHost}`, description: 'The HTTP API behind CloudFront, which refuses whatever did not come through CloudFront' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'AccessLogBucket', { value: buckets.accessLogs.bucketName, description: "CloudFront's and the data buckets' access logs (docs/operations.md)" });
    new CfnOutput(this, 'ApiAccessLogGroup', { value: api.accessLogs.logGroupName, description: "The HTTP API's access log" });
    new CfnOutput(this, 'AlarmTopicArn', { value: operations.topic.topicArn, description: 'Subscribe an e-mail or pager to be told when an alarm fires' });
  }

  /**
   * The stack's own web ACL, for a stack deployed in us-east-1. A region-agnostic template gets
   * it too, with a template rule that refuses any other region with a clear message (bin/app.ts
   * puts the ACL in a us-east-1 edge stack when the region is known and different).
   */
  private ownFirewall(stage: StageSettings): { arn: string; name: string } {
    if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
      throw new Error(`The web firewall for CloudFront must live in us-east-1; this stack is in ${this.region}: pass a MeldEdgeStack's firewall (infra/bin/app.ts does).`);
    }
    const name = `${this.stackName}-firewall`;
    const firewall = new WebFirewall(this, 'Firewall', { name, stage });
    if (Token.isUnresolved(this.region)) {
      new CfnRule(this, 'FirewallRegion', {
        assertions: [
          {
            assert: Fn.conditionEquals(Aws.REGION, 'us-east-1'),
            assertDescription: 'This template holds the CloudFront web firewall, which AWS accepts only in us-east-1. Deploy it there, or synth with a region (CDK_DEFAULT_REGION) so the firewall gets its own us-east-1 stack.',
          },
        ],
      });
    }
    return { arn: firewall.arn, name };
  }

  /**
   * The app config's `${NAME}` keys (provider and speech keys the server holds) live in one
   * Secrets Manager secret, a JSON object the operator fills (docs/operations.md); it starts
   * empty, and a later deploy leaves its value alone. Made only when the config names any.
   */
  private addServerKeys(config: AppConfig): void {
    const names = serverKeyNames(config);
    if (names.length === 0) return;
    const secret = new Secret(this, 'ServerKeys', { description: `Meld's own provider keys, a JSON object with: ${names.join(', ')}`, secretObjectValue: {} });
    acknowledgeRule(secret, 'AwsSolutions-SMG4', "The providers' keys are issued by the providers: the operator rotates one at the provider and puts it here (docs/operations.md); no Lambda can mint them.");
    for (const routeFunction of this.routeFunctions.values()) routeFunction.grantServerKeys(secret);
    new CfnOutput(this, 'ServerKeysSecretArn', { value: secret.secretArn, description: `Put {${names.map((name) => `"${name}":"..."`).join(',')}} here` });
  }

  /** Cognito federation for social sign-in (decision 0010), only when the config enables it. */
  private addSocialSignIn(config: AppConfig, configuredOrigin: string | undefined, siteUrl: string): void {
    const providers = cognitoProviders(config.social);
    if (!config.social.cognito || providers.length === 0) return;
    // CloudFront does not pass the viewer's host on, so the functions build the callback from serverDomain.
    if (!configuredOrigin) throw new Error('Invalid app config: serverDomain: social sign-in through Cognito needs the domain its callback is served on');
    const social = new SocialSignIn(this, 'SocialSignIn', { cognito: config.social.cognito, providers, origins: [configuredOrigin, siteUrl] });
    // Signing in, its callback, and a signed-in member linking a provider from Settings.
    for (const name of ['oauthStart', 'oauthCallback', 'startSocialLink']) {
      const routeFunction = this.routeFunctions.get(name)?.function;
      for (const [key, value] of Object.entries(social.environment)) routeFunction?.addEnvironment(key, value);
    }
  }
}
