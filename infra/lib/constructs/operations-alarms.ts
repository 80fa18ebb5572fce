import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

export interface OperationsAlarmsProps {
  api: HttpApi;
  table: Table;
}

const PERIOD = Duration.minutes(5);

/** A Lambda metric summed over every function of the account and region (route functions carry no shared dimension). */
const lambdaTotal = (metricName: 'Errors' | 'Throttles' | 'Invocations') => new Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: PERIOD });

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
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Meld alarms' });

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
    this.alarm('LambdaThrottles', lambdaTotal('Throttles'), 1, 'Lambda throttled an invocation: the account’s concurrency limit was reached.');
    this.alarm('TableThrottles', tableThrottles, 1, 'DynamoDB throttled requests to the table.');

    new Dashboard(this, 'Dashboard', {
      widgets: [
        [
          new GraphWidget({ title: 'API requests and 5xx', left: [props.api.metricCount({ statistic: 'Sum', period: PERIOD })], right: [apiErrors], width: 12 }),
          new GraphWidget({ title: 'API latency (p50, p99)', left: [props.api.metricLatency({ statistic: 'p50', period: PERIOD }), props.api.metricLatency({ statistic: 'p99', period: PERIOD })], width: 12 }),
        ],
        [
          new GraphWidget({ title: 'Lambda invocations, errors, throttles', left: [lambdaTotal('Invocations')], right: [lambdaTotal('Errors'), lambdaTotal('Throttles')], width: 12 }),
          new GraphWidget({ title: 'DynamoDB capacity and throttles', left: [props.table.metricConsumedReadCapacityUnits({ period: PERIOD }), props.table.metricConsumedWriteCapacityUnits({ period: PERIOD })], right: [tableThrottles], width: 12 }),
        ],
      ],
    });
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
