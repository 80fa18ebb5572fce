// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries (ARCHITECTURE.md: web -> shared, functions -> shared, infra -> shared).
 *
 * Two independent rules carry them, because flat config replaces a rule's options instead of
 * merging them:
 * - `no-restricted-imports`: which packages a workspace may use, and which features a feature
 *   may use (web blocks and feature blocks compose, so feature blocks repeat the web list);
 * - `@typescript-eslint/no-restricted-imports`: relative paths may not leave their workspace
 *   (or the repo), keyed on how deep the importing file sits below the repo root.
 */

const FILE = '*.{ts,tsx,mts,cts,js,mjs,cjs}';
const SOURCE = `**/${FILE}`;
const TS_SOURCE = '**/*.{ts,tsx,mts,cts}';
const FEATURES_DIR = 'web/src/features';
const MAX_DEPTH = 12;

/** @param {string} name */
const escapeRegex = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @param {string[]} names @param {string} message */
const packages = (names, message) => ({
  group: names.flatMap((name) => [name, `${name}/*`]),
  message,
});

const webPackages = packages(
  ['@meld/functions', '@meld/infra'],
  'web runs in the browser: it talks to the server through the API client and @meld/shared only.',
);
const functionsPackages = packages(
  ['@meld/web', '@meld/infra'],
  'functions depend on @meld/shared only; the web app and the CDK app sit on top of them.',
);
const infraPackages = packages(
  ['@meld/functions', '@meld/web'],
  'infra refers to handlers by entry path string (functions/src/routes/<handler>.ts), never by import.',
);
const sharedPackages = packages(
  ['@meld/functions', '@meld/web', '@meld/infra'],
  '@meld/shared is the API contract: it depends on no other workspace.',
);

/** @param {ReturnType<typeof packages>[]} patterns */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Feature folders present now; a fresh checkout without web/src/features simply has none. */
function featureNames() {
  try {
    return readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** One block per feature: it may not import any other feature, by alias or relative path. */
function featureBlocks() {
  const names = featureNames();
  return names.map((name) => {
    const others = names.filter((other) => other !== name).map(escapeRegex);
    const rules =
      others.length === 0
        ? restrict([webPackages])
        : restrict([
            webPackages,
            {
              regex: `^(@|~)/features/(${others.join('|')})(/|$)|^(\\.\\./)+(src/)?(features/)?(${others.join('|')})(/|$)`,
              message: `Features do not import each other: move what '${name}' needs from another feature into web/src/lib or web/src/components.`,
            },
          ]);
    return { name: `meld/feature-${name}`, files: [`${FEATURES_DIR}/${name}/${SOURCE}`], rules };
  });
}

/**
 * A file whose folder sits `depth` levels below the repo root reaches the root with `depth`
 * '../' segments; anything from there on is another workspace or outside the repo. bench/ is
 * the one exception: it imports infra/lib/bundling-options.ts so its bundles match the CDK's, and
 * functions/src (the local stack and stores) to seed and measure the API as it runs, and
 * e2e/support to drive the same browser the end-to-end tests use. e2e/ may start the fake model
 * servers of functions/src/providers/llm/__fakes__, to run the app against a model it controls, and
 * the local OpenID provider of functions/src/auth-providers/__fakes__, to sign in through it.
 */
function relativePathBlocks() {
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const folders = '*/'.repeat(depth);
    const leave = `^(\\.\\./){${Math.max(depth, 1)}}`;
    const pattern = (/** @type {string} */ regex) => ({
      regex,
      message:
        depth === 0
          ? 'Imports may not reach outside the repository.'
          : 'Relative imports stay inside their workspace: use @meld/shared for the contract; web, functions and infra never import each other.',
    });
    const rule = (/** @type {string} */ regex) => ({
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [pattern(regex)] }],
    });
    blocks.push({ name: `meld/relative-depth-${depth}`, files: [`${folders}${FILE}`], rules: rule(leave) });
    if (depth >= 1) {
      const benchFolders = `bench/${'*/'.repeat(depth - 1)}`;
      blocks.push({
        name: `meld/relative-depth-${depth}-bench`,
        files: [`${benchFolders}${FILE}`],
        rules: rule(`${leave}(?!infra/lib/|functions/src/|e2e/support/)`),
      });
      blocks.push({
        name: `meld/relative-depth-${depth}-e2e`,
        files: [`e2e/${'*/'.repeat(depth - 1)}${FILE}`],
        // The fakes the browser tests serve, and the server bundle their harness builds and runs.
        rules: rule(`${leave}(?!functions/src/providers/llm/__fakes__/|functions/src/auth-providers/__fakes__/|functions/src/local/server-bundle\\.ts$)`),
      });
    }
  }
  return blocks;
}

export default defineConfig(
  {
    name: 'meld/ignores',
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/cdk.out/',
      '**/.data/',
      '**/coverage/',
      'web/dist/',
      'bench/out/',
      // Stand-in handler modules the infra tests write.
      'infra/.test-handlers/',
      // Each handler's slice of the route table, generated when bundling (infra/lib/route-table-slice.ts).
      'infra/.route-tables/',
    ],
  },
  {
    name: 'meld/language',
    files: [SOURCE],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    // Registered for every file, .js too, since the relative-path blocks use its rule.
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  { ...js.configs.recommended, name: 'meld/js-recommended', files: [SOURCE] },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: [TS_SOURCE] })),
  {
    name: 'meld/typescript',
    files: [TS_SOURCE],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    name: 'meld/web-browser',
    files: [`web/src/${SOURCE}`],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Hooks also live in plain .ts files (features/*/hooks/use-*.ts), so both extensions.
  { ...reactHooks.configs.flat.recommended, name: 'meld/react-hooks', files: ['web/**/*.{ts,tsx}'] },
  {
    // One way to format a date: building a formatter per call cost the log 290 ms of its first render at 4x CPU.
    name: 'meld/web-date-format',
    files: ['web/src/**/*.{ts,tsx}'],
    // session-start.ts is a classic script, which imports nothing: it only loads the date data early.
    ignores: ['web/src/lib/date-format.ts', 'web/src/session-start.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='DateTimeFormat']", message: 'Use dateFormat() from web/src/lib/date-format.ts: it keeps one formatter per language and options.' },
        { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]', message: 'Use dateFormat() from web/src/lib/date-format.ts: it keeps one formatter per language and options.' },
      ],
    },
  },
  ...relativePathBlocks(),
  { name: 'meld/shared-boundary', files: [`shared/${SOURCE}`], rules: restrict([sharedPackages]) },
  { name: 'meld/functions-boundary', files: [`functions/${SOURCE}`], rules: restrict([functionsPackages]) },
  { name: 'meld/infra-boundary', files: [`infra/${SOURCE}`], rules: restrict([infraPackages]) },
  { name: 'meld/web-boundary', files: [`web/${SOURCE}`], rules: restrict([webPackages]) },
  ...featureBlocks(),
);
