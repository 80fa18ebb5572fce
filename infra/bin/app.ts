import { App } from 'aws-cdk-lib';
import { addMeldStacks } from '../lib/meld-app.ts';

// `-c meld:stage=prod`, `-c meld:domainName=... -c meld:certificateArn=...`: see docs/operations.md.
addMeldStacks(new App(), { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
