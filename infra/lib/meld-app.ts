import type { App, Environment } from 'aws-cdk-lib';
import { MeldEdgeStack } from './edge-stack.ts';
import { MeldStack, type MeldStackProps } from './meld-stack.ts';
import { stageFromContext } from './stage.ts';

/**
 * The stacks `cdk deploy` sees: `Meld-<stage>` (or the `meld:stackName` context), plus, when
 * it lives outside us-east-1, `<name>-edge` in us-east-1 holding CloudFront's web firewall
 * (AWS takes CLOUDFRONT-scope web ACLs only there), handed over by a cross-region reference.
 * Without a known region the template stays environment-agnostic (`cdk synth` needs no account).
 */
export function addMeldStacks(app: App, env: Environment, props: Omit<MeldStackProps, 'stage' | 'firewall' | 'env'> = {}): { main: MeldStack; edge?: MeldEdgeStack } {
  const stage = stageFromContext(app.node);
  const name: string = app.node.tryGetContext('meld:stackName') ?? `Meld-${stage.name}`;
  const description = `Meld (${stage.name}): AI chat and mentorship (web app, API, streaming chat, data)`;
  if (!env.region || env.region === 'us-east-1') {
    return { main: new MeldStack(app, name, { ...props, description, env, stage }) };
  }
  const firewallName = `${name}-firewall`;
  const edge = new MeldEdgeStack(app, `${name}-edge`, {
    description: `Meld (${stage.name}): CloudFront's web firewall, in us-east-1`,
    env: { account: env.account, region: 'us-east-1' },
    crossRegionReferences: true,
    stage,
    firewallName,
  });
  const main = new MeldStack(app, name, { ...props, description, env, crossRegionReferences: true, stage, firewall: { arn: edge.firewall.arn, name: firewallName } });
  return { main, edge };
}
