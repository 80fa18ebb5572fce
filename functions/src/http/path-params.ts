import { matchPath, type RouteDef } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * Path parameters as API Gateway parsed them, or, for Function URL (streaming) events, which
 * have none, matched from the raw path against the route's own pattern.
 */
export function pathParams(route: RouteDef, event: APIGatewayProxyEventV2): Record<string, string> {
  if (event.pathParameters) return event.pathParameters as Record<string, string>;
  return (event.rawPath && matchPath(route.path, event.rawPath)) || {};
}
