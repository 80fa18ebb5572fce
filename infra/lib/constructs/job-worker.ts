import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { JOB_WORKER, JOBS_PARTITION } from '@meld/shared';
import { acknowledgeRule } from '../rule-pack.ts';
import { pageOnAlarm } from './operations-alarms.ts';
import { RouteFunction, type RouteFunctionProps } from './route-function.ts';

export interface JobWorkerProps extends Omit<RouteFunctionProps, 'route' | 'codeRunner' | 'costlyConcurrency'> {
  /** The table, with its stream on: each job item inserted is a record for the worker. */
  table: ITable;
  alarmTopic: ITopic;
}

/**
 * The background worker (decision 0034): a function with the worker's own declared access (the
 * shared JOB_WORKER, built like a route's), fed by the table's stream, filtered to job items as
 * they are inserted, one at a time. A job that fails fails its invocation: the stream retries it,
 * the error alarm pages the operator, and past the retries its item stays in the table, its tries
 * counted (docs/operations.md).
 */
export class JobWorker extends Construct {
  readonly worker: RouteFunction;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: JobWorkerProps) {
    super(scope, id);
    this.worker = new RouteFunction(this, 'Worker', { ...props, route: JOB_WORKER });
    this.worker.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 1,
        retryAttempts: 4,
        // A record older than the retries allow is skipped; its job item stays for the operator.
        maxRecordAge: Duration.hours(6),
        filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { pk: { S: FilterRule.isEqual(JOBS_PARTITION) } } } })],
      }),
    );
    acknowledgeRule(this.worker.role, 'AwsSolutions-IAM5[Resource::*]', "The stream's event source grants dynamodb:ListStreams, which IAM allows only on `*`; the records it reads are granted on this table's own stream ARN alone.");
    this.alarm = pageOnAlarm(this, 'Errors', props.alarmTopic, {
      metric: this.worker.function.metricErrors({ period: Duration.minutes(5) }),
      threshold: 1,
      description: 'A background job (a delete, copy or account purge) failed; its item stays in the JOBS partition until it succeeds (docs/operations.md, "Background jobs").',
    });
  }
}
