import { App } from 'aws-cdk-lib';
import { MeldStack } from '../lib/meld-stack.ts';

const app = new App();

// Environment-agnostic unless the CLI knows an account: `cdk synth` works with no AWS credentials.
new MeldStack(app, app.node.tryGetContext('meld:stackName') ?? 'Meld', {
  description: 'Meld: AI chat and mentorship (web app, API, streaming chat, data)',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
