import { describe, expect, it } from 'vitest';
import { JOB_WORKER, JOBS_PARTITION, tableGrants } from '@meld/shared';
import { synth } from './support/synth.ts';
import { resources } from './support/template.ts';

/** The background worker (decision 0034): fed by the table's stream, with exactly its declared access. */
describe('the background worker', () => {
  const { template } = synth();
  const [workerId, worker] = resources(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('JobsWorker'))!;

  it('turns on a keys-only stream on the table and feeds the worker only new items of the jobs partition', () => {
    const [, table] = resources(template, 'AWS::DynamoDB::Table')[0]!;
    expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: 'KEYS_ONLY' });
    const mappings = resources(template, 'AWS::Lambda::EventSourceMapping').filter(([, mapping]) => JSON.stringify(mapping.Properties?.FunctionName).includes(workerId));
    expect(mappings).toHaveLength(1);
    const props = mappings[0]![1].Properties!;
    expect(props.BatchSize).toBe(1);
    const filter = JSON.parse((props.FilterCriteria as { Filters: { Pattern: string }[] }).Filters[0]!.Pattern) as unknown;
    expect(filter).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [JOBS_PARTITION] } } } });
  });

  it('runs with the time and memory it declares', () => {
    expect(worker.Properties?.Timeout).toBe(JOB_WORKER.lambda.timeoutSeconds);
    expect(worker.Properties?.MemorySize).toBe(JOB_WORKER.lambda.memoryMb);
  });

  it('may use the table only as it declares, and no wildcard action', () => {
    const roleId = (worker.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = resources(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement);
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.some((action) => action === '*' || action === 'dynamodb:*' || action === 'dynamodb:Scan')).toBe(false);
    for (const action of tableGrants(JOB_WORKER.table).tableActions) expect(actions).toContain(action);
  });

  it('pages the operator when a job fails', () => {
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([id]) => id.startsWith('JobsErrors'));
    expect(alarms).toHaveLength(1);
  });
});
