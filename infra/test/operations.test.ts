import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synth } from './support/synth.ts';
import { resources } from './support/template.ts';

const { template } = synth();
const alarms = resources(template, 'AWS::CloudWatch::Alarm');
const topics = resources(template, 'AWS::SNS::Topic');

/** The alarm watching `metricName` (directly or inside its metric math). */
function alarmOn(metricName: string) {
  const found = alarms.find(([, alarm]) => JSON.stringify(alarm.Properties).includes(`"${metricName}"`));
  if (!found) throw new Error(`No alarm watches ${metricName}`);
  return found[1].Properties as Record<string, unknown>;
}

describe('operations alarms', () => {
  it('page one topic on API 5xx, Lambda errors and throttles, and DynamoDB throttles, and again when they clear', () => {
    expect(topics).toHaveLength(1);
    const [topicId] = topics[0]!;
    for (const metric of ['5xx', 'Errors', 'Throttles', 'ReadThrottleEvents']) {
      const alarm = alarmOn(metric);
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it('alarm on the API’s own 5xx count and on any throttle at all', () => {
    expect(alarmOn('5xx')).toMatchObject({ Namespace: 'AWS/ApiGateway', Statistic: 'Sum', Threshold: 5, Period: 300 });
    expect(alarmOn('Throttles')).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 1 });
    const table = alarmOn('WriteThrottleEvents');
    expect(table.Threshold).toBe(1);
    expect(JSON.stringify(table.Metrics)).toContain('reads + writes');
  });

  it('draw the same signals on a dashboard and name the topic to subscribe to', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    // docs/operations.md tells the operator to look for it by this name.
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'MeldTest-operations' });
    template.hasOutput('AlarmTopicArn', { Value: Match.objectLike({ Ref: topics[0]![0] }) });
  });
});
