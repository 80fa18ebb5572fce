import { App } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { routeList, TEST_BCRYPT_COST_ENV, TEST_ONLY_ENV } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { MeldStack } from '../lib/meld-stack.ts';
import { NO_WEB_BUILD, STUB_HANDLERS_DIR, synth } from './support/synth.ts';
import { resources } from './support/template.ts';

/** A route function, and the code runner (a function of the stack's own) that callTool brings. */
const ROUTES = routeList.filter((route) => route.name === 'login' || route.name === 'callTool');
const LOGIN = ROUTES.find((route) => route.name === 'login')!;

/** Builds the stack for ROUTES, lets `change` alter it, and returns what `cdk synth` would do next. */
function synthAfter(change: (stack: MeldStack) => void): () => unknown {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new MeldStack(app, 'TestOnlyEnv', { routes: ROUTES, handlersDir: STUB_HANDLERS_DIR, webDistPath: NO_WEB_BUILD });
  change(stack);
  return () => app.synth();
}

const codeRunnerOf = (stack: MeldStack) => stack.node.findAll().find((c): c is NodejsFunction => c instanceof NodejsFunction && c.node.path.includes('/CodeRunner/'))!;

describe('test-only switches in a deployed config', () => {
  beforeAll(() => {
    // Writes the stand-in handlers, and shows that the stack as it is synthesises.
    synth({ routes: ROUTES });
  });

  it('fail synth when a route function would carry the lower bcrypt cost', () => {
    const run = synthAfter((stack) => stack.routeFunctions.get(LOGIN.name)!.function.addEnvironment(TEST_BCRYPT_COST_ENV, '4'));
    expect(run).toThrow(new RegExp(`${TEST_BCRYPT_COST_ENV} in its environment: a test-only switch`));
  });

  it('fail synth when any other function would carry one, such as the code runner', () => {
    const run = synthAfter((stack) => codeRunnerOf(stack).addEnvironment(TEST_BCRYPT_COST_ENV, '4'));
    expect(run).toThrow(/CodeRunner.*MELD_TEST_BCRYPT_COST/);
  });

  it('are in no function of the real stack', () => {
    const { template } = synth();
    const functions = resources(template, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(routeList.length);
    for (const [id, fn] of functions) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      for (const name of TEST_ONLY_ENV) expect(variables, id).not.toHaveProperty(name);
    }
  });
});
