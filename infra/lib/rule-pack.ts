import { DefaultStackSynthesizer, Names, Stack, Token, Validations, type CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges a cdk-nag finding on `scope` and what it holds (cdk-nag's AwsSolutions pack runs
 * over the synthesized app in the infra tests, infra/test/rule-pack.test.ts). Every call sits next
 * to the construct it excuses, with the reason a reviewer would need. A rule that reports several
 * findings on one resource (IAM4, IAM5) is acknowledged finding by finding: `AwsSolutions-IAM5[Resource::…]`.
 */
export function acknowledgeRule(scope: IConstruct, id: `AwsSolutions-${string}`, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/** The stack's partition, account and region as cdk-nag writes them in a finding: the value, or `<AWS::…>` where the stack has none. */
export function nagPseudo(scope: IConstruct): { partition: string; account: string; region: string } {
  const stack = Stack.of(scope);
  const render = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
  return { partition: render(stack.partition, 'Partition'), account: render(stack.account, 'AccountId'), region: render(stack.region, 'Region') };
}

/**
 * A resource's ARN as cdk-nag writes it in a finding about `from`: `<LogicalId.Arn>` in the
 * resource's own stack, else the parameter a nested stack receives it by.
 */
export function nagArn(from: IConstruct, resource: CfnResource): string {
  const own = Stack.of(resource);
  if (Stack.of(from) === own) return `<${own.resolve(resource.logicalId) as string}.Arn>`;
  // CDK's name for the nested stack's parameter (`reference-to-<unique id><attribute>`, made alphanumeric).
  return `<referenceto${Names.nodeUniqueId(resource.node)}Arn>`;
}

/** The CDK bootstrap's asset bucket, as a finding names it (the default qualifier). */
export function nagAssetBucket(scope: IConstruct): string {
  const { partition, account, region } = nagPseudo(scope);
  return `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}`;
}

/** An AWS managed policy's finding: CDK always names its partition by reference, whatever the stack's environment. */
export function nagManagedPolicy(name: string): `AwsSolutions-IAM4[${string}]` {
  return `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`;
}

/** Lambda's basic execution policy (its own logs), which CDK's helper functions carry. */
export const NAG_BASIC_EXECUTION_POLICY = nagManagedPolicy('service-role/AWSLambdaBasicExecutionRole');
