import { CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { constructId, type InfraRoute } from '../routes.ts';
import type { ApiThrottle } from '../stage.ts';

/** The HTTP API: one route per non-streaming route, each integrated with its own function. */
export class MeldHttpApi extends Construct {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: { throttle: ApiThrottle }) {
    super(scope, id);
    // No CORS: browsers reach the API through CloudFront on the site's own origin.
    this.api = new HttpApi(this, 'Api', { description: 'Meld API (reached through CloudFront)' });
    // The throttle is set on the stage CDK already made: a stage of our own would replace $default,
    // which CloudFormation cannot create while the old one still holds the name.
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = { throttlingRateLimit: props.throttle.rateLimit, throttlingBurstLimit: props.throttle.burstLimit };
  }

  /**
   * Routes `route` to `fn`. The route, its integration and the function's invoke permission are
   * created in `scope`, the function's own (nested) stack, so they count against its resources.
   */
  addRoute(scope: Construct, route: InfraRoute, fn: IFunction): HttpRoute {
    if (route.streaming) throw new Error(`Route ${route.name} streams; it is served by a Function URL, not the HTTP API`);
    const id = constructId(route.name);
    return new HttpRoute(scope, `${id}HttpRoute`, {
      httpApi: this.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${id}Integration`, fn),
    });
  }
}
