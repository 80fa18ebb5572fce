import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { WebFirewall } from './constructs/web-firewall.ts';
import type { StageSettings } from './stage.ts';

export interface MeldEdgeStackProps extends StackProps {
  stage: StageSettings;
  /** The web ACL's name (the main stack's dashboard reads its metrics by name). */
  firewallName: string;
}

/**
 * What CloudFront needs from us-east-1 when the rest of Meld lives in another region: the
 * CLOUDFRONT-scope web ACL. The main stack takes its ARN through a cross-region reference.
 */
export class MeldEdgeStack extends Stack {
  readonly firewall: WebFirewall;

  constructor(scope: Construct, id: string, props: MeldEdgeStackProps) {
    super(scope, id, props);
    this.firewall = new WebFirewall(this, 'Firewall', { name: props.firewallName, stage: props.stage });
  }
}
