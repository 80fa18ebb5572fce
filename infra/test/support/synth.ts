import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Annotations, App, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { JOB_WORKER, routeList } from '@meld/shared';
import { addMeldStacks } from '../../lib/meld-app.ts';
import { MeldStack, type MeldStackProps } from '../../lib/meld-stack.ts';
import { REPO_ROOT, handlerEntry } from '../../lib/paths.ts';
import type { InfraRoute } from '../../lib/routes.ts';
import { flattenedTemplate } from './nested.ts';

/**
 * Stand-in handler modules: NodejsFunction insists that its entry exists under the project
 * root even when bundling is skipped, and the stack tests check infrastructure, not handlers
 * (test/contract.test.ts checks that the real ones exist).
 */
export const STUB_HANDLERS_DIR = join(REPO_ROOT, 'infra', '.test-handlers');

export function writeStubHandlers(routes: readonly InfraRoute[]): void {
  for (const handler of [...routes.map((route) => route.handler), JOB_WORKER.handler]) {
    const entry = handlerEntry(handler, STUB_HANDLERS_DIR);
    mkdirSync(dirname(entry), { recursive: true });
    writeFileSync(entry, 'export const handler = async () => ({ statusCode: 204 });\n');
  }
}

/** The feature flags `cdk synth` runs with, so tests see the same template the CLI would. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/**
 * A few routes, for a variant of the stack whose checks are about what no route shapes (the web
 * upload, a config key's effect on the buckets): the whole route table costs seconds a synth, these
 * a tenth of one. Checks about routes synthesise them all.
 */
export const FEW_ROUTES: readonly InfraRoute[] = routeList.filter((route) => ['auth/login', 'auth/refresh', 'config/get-config'].includes(route.handler));

/** A folder that holds no web build, so tests do not depend on whether web/dist exists. */
export const NO_WEB_BUILD = join(tmpdir(), 'meld-infra-test-no-web-build');

export interface SynthResult {
  stack: MeldStack;
  /** The stack and its nested route-area stacks as one template (see flattenedTemplate). */
  template: Template;
  /** The top-level stack's own template. */
  topLevel: Template;
  /** Each route area's nested stack template, by area. */
  areas: ReadonlyMap<string, Template>;
}

/** An app with cdk.json's feature flags plus `context`, bundling nothing (esbuild per function would take minutes). */
function testApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context } });
}

let shared: SynthResult | undefined;

/**
 * The stack with `props`. Without props it is the default stack, synthesised once per test worker
 * (the infra project runs unisolated, so every file in a worker gets this module's one copy) and
 * shared: its templates are frozen and its construct tree locked, so a test that changed them
 * would fail rather than change what the next test reads.
 */
export function synth(props: MeldStackProps = {}): SynthResult {
  if (Object.keys(props).length > 0) return synthStack(props);
  return (shared ??= sealed(synthStack({})));
}

function sealed(result: SynthResult): SynthResult {
  for (const template of [result.template, result.topLevel, ...result.areas.values()]) deepFreeze(template.toJSON());
  result.stack.node.root.node.lock();
  return Object.freeze(result);
}

function deepFreeze(value: unknown): void {
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

function synthStack(props: MeldStackProps): SynthResult {
  const routes = props.routes ?? routeList;
  writeStubHandlers(routes);
  const app = testApp();
  const stack = new MeldStack(app, 'MeldTest', {
    handlersDir: STUB_HANDLERS_DIR,
    webDistPath: NO_WEB_BUILD,
    ...props,
    routes,
  });
  // The missing-build warning is expected here; only the test that asks for it keeps it.
  if (!props.webDistPath) Annotations.of(stack).acknowledgeWarning('meld:no-web-build');
  return {
    stack,
    template: flattenedTemplate(stack),
    topLevel: Template.fromStack(stack),
    areas: new Map([...stack.areaStacks].map(([area, areaStack]) => [area, Template.fromStack(areaStack)])),
  };
}

/**
 * The stacks `cdk deploy` would see (bin/app.ts's addMeldStacks) for some context values and an
 * environment, with stand-in handlers for `routes`.
 */
export function synthApp(options: { context?: Record<string, unknown>; env?: Environment; routes: readonly InfraRoute[] }) {
  writeStubHandlers(options.routes);
  const app = testApp(options.context);
  const { main, edge } = addMeldStacks(app, options.env ?? {}, { handlersDir: STUB_HANDLERS_DIR, webDistPath: NO_WEB_BUILD, routes: options.routes });
  Annotations.of(main).acknowledgeWarning('meld:no-web-build');
  return { main, edge, template: flattenedTemplate(main), edgeTemplate: edge ? Template.fromStack(edge) : undefined };
}

/** Writes `content` as a JSON config file in a fresh temporary folder and returns its path. */
export function tempConfig(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'meld-config-'));
  const path = join(dir, 'meld.config.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** A minimal fake web build (index.html and one hashed asset). */
export function tempWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'meld-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("meld");\n');
  return dir;
}
