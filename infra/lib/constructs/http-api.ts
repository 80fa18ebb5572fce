import { CfnStage, DomainName, HttpApi, HttpMethod, HttpRoute, HttpRouteKey, SecurityPolicy } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { ARecord, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { acknowledgeRule } from '../rule-pack.ts';
import { constructId, type InfraRoute } from '../routes.ts';
import type { ApiThrottle } from '../stage.ts';

/**
 * One JSON line per API request: who (the caller's address: CloudFront's edge, whose own log has
 * the viewer's, joined on the time and path), what, and how it went. Only `$context` variables:
 * no header, token or body can reach the log.
 */
export const API_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  // The route's template, never the path: a mentor's interview link and a share carry their
  // secret in it.
  route: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  responseBytes: '$context.responseLength',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  error: '$context.error.message',
  integrationError: '$context.integrationErrorMessage',
} as const;

/** The HTTP API: one route per non-streaming route, each integrated with its own function. */
export class MeldHttpApi extends Construct {
  readonly api: HttpApi;
  readonly accessLogs: LogGroup;
  /** The host name CloudFront sends API requests to: the origin domain, or the API's own `execute-api` host. */
  readonly originHost: string;

  /**
   * `originDomain`: with the operator's hosted zone, the API answers only at a name of its own
   * there (`origin.<domain>`, a regional certificate validated in the zone), where CloudFront is
   * pointed, and its default `execute-api` address is switched off. Either way the handler kit
   * refuses every request that lacks CloudFront's origin key (functions' client-address.ts): the
   * origin name is public DNS.
   */
  constructor(scope: Construct, id: string, props: { throttle: ApiThrottle; accessLogRetention: RetentionDays; originDomain?: { name: string; zone: IHostedZone } }) {
    super(scope, id);
    const origin = props.originDomain;
    const domainName = origin
      ? new DomainName(this, 'OriginDomain', {
          domainName: origin.name,
          certificate: new Certificate(this, 'OriginCertificate', { domainName: origin.name, validation: CertificateValidation.fromDns(origin.zone) }),
          securityPolicy: SecurityPolicy.TLS_1_2,
        })
      : undefined;
    // No CORS: browsers reach the API through CloudFront on the site's own origin.
    this.api = new HttpApi(this, 'Api', {
      description: 'Meld API (reached through CloudFront)',
      ...(domainName ? { disableExecuteApiEndpoint: true, defaultDomainMapping: { domainName } } : {}),
    });
    if (origin && domainName) {
      new ARecord(this, 'OriginAlias', { zone: origin.zone, recordName: origin.name, target: RecordTarget.fromAlias(new ApiGatewayv2DomainProperties(domainName.regionalDomainName, domainName.regionalHostedZoneId)) });
    }
    this.originHost = origin?.name ?? Fn.select(2, Fn.split('/', this.api.apiEndpoint));
    // The throttle is set on the stage CDK already made: a stage of our own would replace $default,
    // which CloudFormation cannot create while the old one still holds the name.
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = { throttlingRateLimit: props.throttle.rateLimit, throttlingBurstLimit: props.throttle.burstLimit };
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.accessLogRetention, removalPolicy: RemovalPolicy.RETAIN });
    stage.accessLogSettings = { destinationArn: this.accessLogs.logGroupArn, format: JSON.stringify(API_ACCESS_LOG_FORMAT) };
  }

  /**
   * Routes `route` to `fn`. The route, its integration and the function's invoke permission are
   * created in `scope`, the function's own (nested) stack, so they count against its resources.
   */
  addRoute(scope: Construct, route: InfraRoute, fn: IFunction): HttpRoute {
    if (route.streaming) throw new Error(`Route ${route.name} streams; it is served by a Function URL, not the HTTP API`);
    const id = constructId(route.name);
    const httpRoute = new HttpRoute(scope, `${id}HttpRoute`, {
      httpApi: this.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${id}Integration`, fn),
    });
    acknowledgeRule(httpRoute, 'AwsSolutions-APIG4', `Authorisation is the handler kit's, on every route from the route table's auth level (here ${route.auth}), so HTTP API and Function URL routes share one check; the authorisation matrix tests every route.`);
    return httpRoute;
  }
}
