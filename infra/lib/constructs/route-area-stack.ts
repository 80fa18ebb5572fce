import { NestedStack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { constructId, type BucketName, type InfraRoute, type SecretName } from '../routes.ts';
import type { MeldHttpApi } from './http-api.ts';
import { RouteFunction } from './route-function.ts';
import type { StreamOrigin } from './site-distribution.ts';
import { StreamingEndpoint } from './streaming-endpoint.ts';
import { streamingAlarms } from './streaming-alarms.ts';

export interface RouteAreaStackProps {
  /** The area's name: the first path segment its routes share. */
  area: string;
  routes: readonly InfraRoute[];
  table: ITable;
  jwtSecret: ISecret;
  appConfigJson: string;
  bundleDefine: Record<string, string>;
  buckets: Record<BucketName, IBucket>;
  secrets: Record<SecretName, ISecret>;
  api: MeldHttpApi;
  /** The code-runner Lambda, for the routes that invoke it. */
  codeRunner?: IFunction;
  handlersDir?: string;
  logRetention: RetentionDays;
  /** Reserved concurrency of each function whose route is `costly` (0: none). */
  costlyConcurrency: number;
  /** Where this area's own alarms (its streaming functions') notify. */
  alarmTopic: ITopic;
}

/**
 * One area's routes in their own nested stack (docs/decisions/0007): each route's function,
 * role and log group, and its HTTP API route, integration and invoke permission, or for a
 * streaming route its Function URL. The table, secrets, buckets and API stay in the parent;
 * CDK hands their names and ARNs in as parameters.
 */
export class RouteAreaStack extends NestedStack {
  readonly routeFunctions = new Map<string, RouteFunction>();
  /** Streaming routes' Function URLs, for the parent's CloudFront distribution. */
  readonly streams: StreamOrigin[] = [];
  /** Alarms on this area's streaming functions (errors a chat reply ended with, and crashes). */
  readonly streamAlarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: RouteAreaStackProps) {
    super(scope, id, { description: `Meld routes of the ${props.area} area` });
    for (const route of props.routes) {
      const routeFunction = new RouteFunction(this, `${constructId(route.name)}Route`, {
        route,
        table: props.table,
        jwtSecret: props.jwtSecret,
        appConfigJson: props.appConfigJson,
        bundleDefine: props.bundleDefine,
        buckets: props.buckets,
        secrets: props.secrets,
        ...(props.codeRunner ? { codeRunner: props.codeRunner } : {}),
        handlersDir: props.handlersDir,
        logRetention: props.logRetention,
        costlyConcurrency: props.costlyConcurrency,
      });
      this.routeFunctions.set(route.name, routeFunction);
      if (route.streaming) {
        const endpoint = new StreamingEndpoint(this, `${constructId(route.name)}Stream`, routeFunction.function);
        this.streams.push({ path: route.path, url: endpoint.url });
        this.streamAlarms.push(...streamingAlarms(this, constructId(route.name), routeFunction, props.alarmTopic));
      } else {
        props.api.addRoute(this, route, routeFunction.function);
      }
    }
  }
}
