import { Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { TEST_ONLY_ENV } from '@meld/shared';
import type { Construct } from 'constructs';

/**
 * Fails synth when any function under `scope` would carry a test-only variable (a lower bcrypt
 * cost: shared/src/test-only-env.ts). The code that reads one refuses it in Lambda as well; this
 * stops such a config before it is ever deployed.
 */
export function refuseTestOnlyEnvironment(scope: Construct): void {
  scope.node.addValidation({ validate: () => testOnlyEnvironmentErrors(scope) });
}

export function testOnlyEnvironmentErrors(scope: Construct): string[] {
  return scope.node
    .findAll()
    .filter((construct): construct is CfnFunction => construct instanceof CfnFunction)
    .flatMap((fn) => {
      const variables = (Stack.of(fn).resolve(fn.environment) as { variables?: Record<string, unknown> } | undefined)?.variables ?? {};
      return TEST_ONLY_ENV.filter((name) => name in variables).map((name) => `${fn.node.path} has ${name} in its environment: a test-only switch no deployed function may carry`);
    });
}
