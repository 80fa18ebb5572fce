import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

/**
 * The files that take longest, longest first, as a clean clone (CI) runs them. Without timings of
 * its own, vitest starts larger files first: the five-line layout file, the longest of all, started
 * last and kept the run going on one core for minutes. Started first, the short files fill in around
 * these. Order only: a file not listed, or a name gone stale, simply runs in vitest's order. Refresh
 * from the slowest files `scripts/test-summary.mjs` prints.
 */
const LONGEST_FIRST = [
  'e2e/layout.e2e.test.ts',
  'functions/src/code-runner/sandbox-lambda.test.ts',
  'infra/test/stack.test.ts',
  'e2e/accessibility-pages.e2e.test.ts',
  'functions/src/routes/security/bad-input/tools.test.ts',
  'e2e/chat-streaming.e2e.test.ts',
  'e2e/accessibility-dialogs.e2e.test.ts',
  'e2e/artifacts.e2e.test.ts',
  'functions/src/routes/security/authorisation/authorisation-matrix.test.ts',
  'functions/src/code-runner/sandbox-escape.test.ts',
  'functions/src/routes/security/bad-input/programme.test.ts',
  'functions/src/routes/security/bad-input/accounts.test.ts',
  'e2e/bans.e2e.test.ts',
  'functions/src/routes/security/bad-input/chat.test.ts',
  'functions/src/code-runner/sandbox.test.ts',
  'infra/test/bundles.test.ts',
  'e2e/run-code.e2e.test.ts',
  'e2e/today-and-wins.e2e.test.ts',
  'e2e/two-factor.e2e.test.ts',
  'e2e/keyboard.e2e.test.ts',
  'e2e/conversations.e2e.test.ts',
  'e2e/password-reset.e2e.test.ts',
  'e2e/mentor-interview.e2e.test.ts',
  'e2e/mentor-feed.e2e.test.ts',
  'infra/test/storage.test.ts',
  'web/src/features/chat/routes/chat-route.test.tsx',
  'infra/test/functions.test.ts',
  'functions/src/routes/mentor-interview/interview-coach.test.ts',
  'functions/src/routes/security/bans.test.ts',
  'web/src/features/admin/components/platform-users-tab.test.tsx',
  'web/src/features/chat/routes/chat-stream.test.tsx',
  'web/src/features/interest/routes/user-signup-route.test.tsx',
  'web/src/features/auth/routes/register-route.test.tsx',
  'web/src/features/log/routes/log-route.test.tsx',
];

/**
 * The projects in the order they run, each file of one after another. A worker that finishes a file
 * is kept only when the next file in the queue belongs to the same project (vitest's pool); when the
 * projects alternate, each file pays for a new worker: its imports (aws-cdk-lib, the AWS SDK, jsdom
 * and React), its stack synth and its Chromium again. The e2e project first: it holds the longest
 * files; shared last, the shortest.
 */
const PROJECT_ORDER = ['e2e', 'functions', 'infra', 'web', 'shared'];

export default class LongestFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const inVitestOrder = await super.sort(files);
    /** @param {import('vitest/node').TestSpecification} spec */
    const project = (spec) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    /** @param {import('vitest/node').TestSpecification} spec */
    const rank = (spec) => {
      const index = LONGEST_FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return inVitestOrder
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => project(a.spec) - project(b.spec) || rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
