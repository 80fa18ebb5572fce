import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { StageSettings } from '../stage.ts';

export interface WebFirewallProps {
  /** The web ACL's name, also its CloudWatch metric name (the dashboard reads it). */
  name: string;
  stage: StageSettings;
}

/** Paths where repeated requests mean password guessing or sign-up abuse, not reading. */
const AUTH_PATH_PREFIX = '/api/auth/';

const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });

/**
 * AWS WAF in front of CloudFront (a CLOUDFRONT-scope web ACL, which AWS only accepts in
 * us-east-1). Rate-based rules per client IP: one for everything, a tighter one for the
 * sign-in routes, on top of the app's own per-account limits (decision 0011). Two managed rule
 * groups with few false positives (known exploit payloads, IPs Amazon has seen attacking).
 * The common rule set is left out on purpose: its body-size and XSS rules would block users
 * pasting code or HTML into a chat and uploading files.
 */
export class WebFirewall extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebFirewallProps) {
    super(scope, id);
    const managed = (priority: number, name: string) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    });
    this.acl = new CfnWebACL(this, 'Acl', {
      name: props.name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: '{"code":"too_many_requests","message":"Too many requests from your network. Please wait a few minutes and try again."}' },
      },
      rules: [
        {
          name: 'RateLimitAuth',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              limit: props.stage.authRateLimitPerIp,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: AUTH_PATH_PREFIX,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('RateLimitAuth'),
        },
        {
          name: 'RateLimitAll',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: { rateBasedStatement: { limit: props.stage.rateLimitPerIp, evaluationWindowSec: 300, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('RateLimitAll'),
        },
        managed(2, 'AWSManagedRulesAmazonIpReputationList'),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
