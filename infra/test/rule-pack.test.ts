import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations, type Environment } from 'aws-cdk-lib';
import { VALIDATION_REPORT_JSON_CONTEXT } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { routeList } from '@meld/shared';
import { addMeldStacks } from '../lib/meld-app.ts';
import type { InfraRoute } from '../lib/routes.ts';
import { cdkJsonContext, FEW_ROUTES, STUB_HANDLERS_DIR, tempWebBuild, writeStubHandlers } from './support/synth.ts';

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666';

interface Report {
  pluginReports: { summary: { pluginName: string; status: string }; violations: { ruleName: string; severity: string; violatingResources: { constructPath: string }[] }[] }[];
}

/**
 * The app `cdk deploy` builds (its stacks, a web build, every route's function), synthesized with
 * cdk-nag's AwsSolutions pack: AWS's own rules, not ours. Synthesis fails on any finding not
 * acknowledged in code (lib/rule-pack.ts); the JSON report and the acknowledgements are returned.
 */
function checkApp(options: { context?: Record<string, unknown>; env?: Environment; routes: readonly InfraRoute[] }) {
  writeStubHandlers(options.routes);
  const outdir = mkdtempSync(join(tmpdir(), 'meld-rule-pack-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], [VALIDATION_REPORT_JSON_CONTEXT]: true, ...options.context } });
  addMeldStacks(app, options.env ?? {}, { handlersDir: STUB_HANDLERS_DIR, webDistPath: tempWebBuild(), routes: options.routes });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let failure: unknown;
  try {
    app.synth();
  } catch (error) {
    failure = error;
  }
  const report = JSON.parse(readFileSync(join(outdir, 'policy-validation-report.json'), 'utf8')) as Report;
  const acknowledged = new Map<string, number>();
  for (const construct of app.node.findAll()) {
    for (const entry of construct.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)) {
      // `{ 'AwsSolutions::AwsSolutions-IAM5[Resource::…]': reason }`, counted by rule.
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        expect(reason.length, id).toBeGreaterThan(40);
        const rule = id.replace(/^\w+::/, '').replace(/\[.*$/, '');
        if (!rule.startsWith('AwsSolutions-')) continue;
        acknowledged.set(rule, (acknowledged.get(rule) ?? 0) + 1);
      }
    }
  }
  return { failure, report, acknowledged };
}

function summary(label: string, result: ReturnType<typeof checkApp>): string {
  const findings = result.report.pluginReports.flatMap((plugin) => plugin.violations).map((violation) => `  ${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`);
  const acknowledged = [...result.acknowledged].sort(([a], [b]) => a.localeCompare(b)).map(([rule, count]) => `${rule} ×${count}`);
  return [`cdk-nag AwsSolutions, ${label}: ${findings.length} unacknowledged finding(s); acknowledged in code: ${acknowledged.join(', ')}`, ...findings].join('\n');
}

describe("cdk-nag's AwsSolutions pack", () => {
  it('finds nothing unacknowledged in the prod app, every route included, on the cloudfront.net name', () => {
    const result = checkApp({ routes: routeList, context: { 'meld:stage': 'prod' } });
    console.log(summary('prod, every route', result));
    expect(result.report.pluginReports.flatMap((plugin) => plugin.violations)).toEqual([]);
    expect(result.failure).toBeUndefined();
    // Each acknowledgement is one of the kinds lib/rule-pack.ts's callers give reasons for.
    expect([...result.acknowledged.keys()].sort()).toEqual(['AwsSolutions-APIG4', 'AwsSolutions-CFR1', 'AwsSolutions-CFR4', 'AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-L1', 'AwsSolutions-S1', 'AwsSolutions-SMG4']);
  }, 240_000);

  it('finds nothing unacknowledged with the operator’s domain and zone (the API on its origin name) and the firewall in its own us-east-1 stack, and no TLS finding to excuse', () => {
    const result = checkApp({
      routes: FEW_ROUTES,
      env: { account: '123456789012', region: 'eu-west-1' },
      // With the zone: the API's origin name, its certificate and records, and no execute-api address.
      context: { 'meld:stage': 'prod', 'meld:domainName': 'app.meld.example', 'meld:certificateArn': CERTIFICATE, 'meld:hostedZoneId': 'Z0123456789ABC', 'meld:hostedZoneName': 'meld.example' },
    });
    console.log(summary('prod, own domain, edge stack', result));
    expect(result.report.pluginReports.flatMap((plugin) => plugin.violations)).toEqual([]);
    expect(result.failure).toBeUndefined();
    expect(result.acknowledged.has('AwsSolutions-CFR4')).toBe(false);
  }, 120_000);
});
