import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

export interface OperationsAlarmsProps {
  api: HttpApi;
  table: Table;
  /** The CloudFront web ACL's name, whose blocked requests the dashboard draws. */
  firewallName: string;
}

const PERIOD = Duration.minutes(5);

/** A Lambda metric summed over every function of the account and region (route functions carry no shared dimension). */
const lambdaTotal = (metricName: 'Errors' | 'Throttles' | 'Invocations') => new Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: PERIOD });

/** WAF publishes a CloudFront web ACL's metrics in us-east-1, whatever the stack's region. */
const firewallBlocks = (webAcl: string, rule: string) =>
  new Metric({ namespace: 'AWS/WAFV2', metricName: 'BlockedRequests', dimensionsMap: { WebACL: webAcl, Rule: rule }, statistic: 'Sum', period: PERIOD, region: 'us-east-1', label: rule });

/**
 * An alarm that notifies `topic` when it fires and again when it clears. Thresholds are counts
 * per period; a missing datum (no traffic) is not a breach. Area stacks use it for their own
 * functions' alarms too.
 */
export function pageOnAlarm(scope: Construct, id: string, topic: ITopic, options: { metric: IMetric; threshold: number; description: string }): Alarm {
  const alarm = new Alarm(scope, id, {
    metric: options.metric,
    threshold: options.threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: options.description,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}

/**
 * The alarms an operator is paged by, one SNS topic they subscribe to, and a dashboard of the
 * same signals. Thresholds are counts per five minutes: a few server errors are a bug to read
 * about; any throttle means a limit is being met. A missing datum is fine (no traffic).
 */
export class OperationsAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Meld alarms', enforceSSL: true });

    const apiErrors = props.api.metricServerError({ statistic: 'Sum', period: PERIOD });
    const tableThrottles = new MathExpression({
      expression: 'reads + writes',
      label: 'DynamoDB throttled events',
      period: PERIOD,
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: PERIOD }),
        writes: props.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: PERIOD }),
      },
    });
    this.alarm('ApiServerErrors', apiErrors, 5, 'The HTTP API answered 5 or more 5xx responses in 5 minutes.');
    this.alarm('LambdaErrors', lambdaTotal('Errors'), 10, 'Lambda functions failed 10 or more times in 5 minutes (streaming chat included).');
    this.alarm('LambdaThrottles', lambdaTotal('Throttles'), 1, 'Lambda throttled an invocation: a costly function used all its reserved concurrency (meld:costlyConcurrency), or the account its limit.');
    this.alarm('TableThrottles', tableThrottles, 1, 'DynamoDB throttled requests to the table.');

    new Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operations`,
      widgets: [
        [
          new GraphWidget({ title: 'API requests, 4xx and 5xx', left: [props.api.metricCount({ statistic: 'Sum', period: PERIOD })], right: [props.api.metricClientError({ statistic: 'Sum', period: PERIOD }), apiErrors], width: 12 }),
          new GraphWidget({ title: 'API latency (p50, p99)', left: [props.api.metricLatency({ statistic: 'p50', period: PERIOD }), props.api.metricLatency({ statistic: 'p99', period: PERIOD })], width: 12 }),
        ],
        [
          new GraphWidget({ title: 'Lambda invocations, errors, throttles', left: [lambdaTotal('Invocations')], right: [lambdaTotal('Errors'), lambdaTotal('Throttles')], width: 12 }),
          new GraphWidget({ title: 'DynamoDB capacity and throttles', left: [props.table.metricConsumedReadCapacityUnits({ period: PERIOD }), props.table.metricConsumedWriteCapacityUnits({ period: PERIOD })], right: [tableThrottles], width: 12 }),
        ],
        [
          new GraphWidget({
            title: 'Firewall: requests blocked (rate limits, bad inputs, bad IPs)',
            left: ['RateLimitAuth', 'RateLimitAll', 'AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet'].map((rule) => firewallBlocks(props.firewallName, rule)),
            width: 24,
          }),
        ],
      ],
    });
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string): void {
    this.alarms.push(pageOnAlarm(this, id, this.topic, { metric, threshold, description }));
  }
}
