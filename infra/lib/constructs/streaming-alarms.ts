import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { STREAM_ERROR_LOG } from '@meld/shared';
import type { Construct } from 'constructs';
import { pageOnAlarm } from './operations-alarms.ts';
import type { RouteFunction } from './route-function.ts';

const PERIOD = Duration.minutes(5);
export const STREAM_ERROR_NAMESPACE = 'Meld/Streaming';

/**
 * A streaming chat function answers 200 and reports a failed reply inside the stream, so
 * neither API Gateway's 5xx nor Lambda's error count sees it. Its log line does: a metric
 * filter counts the server-side stream errors (STREAM_ERROR_LOG), and one alarm watches them
 * together with the function's crashes and its Function URL's 5xx.
 */
export function streamingAlarms(scope: Construct, id: string, routeFunction: RouteFunction, topic: ITopic) {
  const fn = routeFunction.function;
  const codes = STREAM_ERROR_LOG.serverCodes.map((code) => FilterPattern.stringValue(`$.${STREAM_ERROR_LOG.codeField}`, '=', code));
  const filter = new MetricFilter(scope, `${id}StreamErrorFilter`, {
    logGroup: routeFunction.logGroup,
    filterPattern: FilterPattern.all(FilterPattern.stringValue('$.message', '=', STREAM_ERROR_LOG.message), FilterPattern.any(...codes)),
    metricNamespace: STREAM_ERROR_NAMESPACE,
    metricName: `${id}Errors`,
    metricValue: '1',
    defaultValue: 0,
  });
  const failures = new MathExpression({
    expression: 'streamErrors + crashes + url5xx',
    label: `${id}: failed replies`,
    period: PERIOD,
    usingMetrics: {
      streamErrors: filter.metric({ statistic: 'Sum', period: PERIOD }),
      crashes: fn.metricErrors({ statistic: 'Sum', period: PERIOD }),
      url5xx: new Metric({ namespace: 'AWS/Lambda', metricName: 'Url5xxCount', dimensionsMap: { FunctionName: fn.functionName }, statistic: 'Sum', period: PERIOD }),
    },
  });
  return [
    pageOnAlarm(scope, `${id}StreamFailures`, topic, {
      metric: failures,
      threshold: 3,
      description: `${id}: 3 or more chat replies failed on the server side in 5 minutes (provider errors, unsaved replies, crashes).`,
    }),
  ];
}
