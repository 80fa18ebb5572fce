import { describe, expect, it } from 'vitest';
import { routeList } from '@meld/shared';
import { routeArea, routesByArea, type InfraRoute } from '../lib/routes.ts';
import { synth, type SynthResult } from './support/synth.ts';
import { resources, routeFunctions } from './support/template.ts';

/** CloudFormation's hard limits per stack (nested stacks included). */
const MAX_RESOURCES = 500;
const MAX_TEMPLATE_BYTES = 1024 * 1024;
/** What "well under" means here: room for a few more routes in any stack before anyone must act. */
const RESOURCE_BUDGET = 350;
const TEMPLATE_BYTES_BUDGET = MAX_TEMPLATE_BYTES / 2;

const resourceCount = (template: SynthResult['template']) => Object.keys(template.toJSON().Resources as object).length;
const templateBytes = (template: SynthResult['template']) => Buffer.byteLength(JSON.stringify(template.toJSON()));

function expectWithinBudget({ topLevel, areas }: SynthResult): void {
  expect(resourceCount(topLevel)).toBeLessThanOrEqual(RESOURCE_BUDGET);
  expect(templateBytes(topLevel)).toBeLessThanOrEqual(TEMPLATE_BYTES_BUDGET);
  for (const [area, template] of areas) {
    expect(resourceCount(template), area).toBeLessThanOrEqual(RESOURCE_BUDGET);
    expect(templateBytes(template), area).toBeLessThanOrEqual(TEMPLATE_BYTES_BUDGET);
  }
}

describe('route areas', () => {
  it('are the first path segment after /api', () => {
    expect(routeArea('/api/convos/{conversationId}')).toBe('convos');
    expect(routeArea('/api/ask/{endpoint}/abort')).toBe('ask');
    expect(routeArea('/health')).toBe('health');
  });

  it('refuse a path whose first segment is a parameter, which would name no area', () => {
    expect(() => routeArea('/api/{id}/things')).toThrow(/no fixed first segment/);
    expect(() => routeArea('/api')).toThrow(/no fixed first segment/);
  });
});

describe('stack layout', () => {
  const result = synth();
  const { topLevel, areas } = result;
  const byArea = routesByArea(routeList);

  it('has one nested stack per route area and no route resources at the top level', () => {
    expect([...areas.keys()].sort()).toEqual([...byArea.keys()].sort());
    expect(resources(topLevel, 'AWS::CloudFormation::Stack')).toHaveLength(byArea.size);
    expect(routeFunctions(topLevel).size).toBe(0);
    for (const type of ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Url', 'AWS::IAM::Role']) {
      // The CDK helpers, the code runner (decision 0025) and the background worker (0034): their roles are no route's.
      const here = resources(topLevel, type).filter(([id]) => !/^(AWS679f53fac002430cb0da5b7982bd2287|CustomS3AutoDeleteObjects|CodeRunner|JobsWorker)/.test(id));
      expect(here, type).toEqual([]);
    }
  });

  it.each([...byArea].map(([area, routes]) => [area, routes] as const))(
    'keeps each %s route’s function, role, logs and API route or Function URL in the area’s own stack',
    (area, routes) => {
      const template = areas.get(area)!;
      expect([...routeFunctions(template).keys()].sort()).toEqual(routes.map((route) => route.handler).sort());
      expect(resources(template, 'AWS::IAM::Role')).toHaveLength(routes.length);
      expect(resources(template, 'AWS::Logs::LogGroup')).toHaveLength(routes.length);
      const keys = resources(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties?.RouteKey);
      expect(keys.sort()).toEqual(routes.filter((r) => !r.streaming).map((r) => `${r.method} ${r.path}`).sort());
      expect(resources(template, 'AWS::Lambda::Url')).toHaveLength(routes.filter((r) => r.streaming).length);
    },
  );

  it('keeps the top-level stack and every area stack well under CloudFormation’s limits', () => {
    expectWithinBudget(result);
  });
});

/** `count` made-up routes of one area, half GET and half POST, some with a path parameter. */
function areaRoutes(area: string, count: number, extra: Pick<InfraRoute, 'lambda' | 'streaming'> = {}): InfraRoute[] {
  const kind = extra.streaming ? 'stream' : 'op';
  return Array.from({ length: count }, (_, i) => ({
    name: `${area}-${kind}-${i}`,
    method: i % 2 ? 'POST' : 'GET',
    path: `/api/${area}/${kind}${i}${i % 3 ? '/{id}' : ''}`,
    handler: `${area}/${kind}-${i}`,
    auth: 'user',
    response: routeList[0]!.response,
    ...extra,
  }));
}

/**
 * The route table as it may look once more admin and agent routes exist too (agents, prompts and
 * the code runner are real routes now): 300 routes, the largest area 45 of them, some streaming
 * and some using a bucket.
 */
function futureRoutes(): InfraRoute[] {
  const admin = routeList.filter((route) => route.path.startsWith('/api/admin/')).length;
  const routes = [
    ...routeList,
    ...areaRoutes('admin', 45 - admin),
    ...areaRoutes('agents', 10),
    ...areaRoutes('agents', 3, { streaming: true, lambda: { buckets: ['files:messages'], secrets: ['userKeys'], timeoutSeconds: 300 } }),
    ...areaRoutes('memories', 5),
  ];
  const fill = 300 - routes.length;
  return [...routes, ...areaRoutes('programmes', Math.ceil(fill / 2)), ...areaRoutes('circles', Math.floor(fill / 2))];
}

describe('with 300 routes', () => {
  const routes = futureRoutes();
  const result = synth({ routes });

  it('still gives every route its own function', () => {
    expect(routes).toHaveLength(300);
    expect([...routeFunctions(result.template).keys()].sort()).toEqual(routes.map((route) => route.handler).sort());
  });

  it('keeps the top-level stack and every area stack well under CloudFormation’s limits', () => {
    expect(Math.max(...[...routesByArea(routes).values()].map((area) => area.length))).toBeGreaterThanOrEqual(45);
    expectWithinBudget(result);
  });
});

describe('an area that outgrows one stack', () => {
  it('fails synth naming the area’s stack', () => {
    // The admin area's own routes and 75 more: the other areas' stacks have no say in this one's count.
    const crowded = [...routeList.filter((route) => routeArea(route.path) === 'admin'), ...areaRoutes('admin', 75)];
    expect(() => synth({ routes: crowded })).toThrow(new RegExp(`AdminRoutes.*greater than allowed maximum of ${MAX_RESOURCES}`));
  });
});
