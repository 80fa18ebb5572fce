import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Streaming handlers built with middy call awslambda.streamifyResponse when their module loads,
    // so the local stand-in for the Lambda runtime global must exist before any test imports one.
    setupFiles: ['src/local/vitest-setup.ts'],
    // One dynalite and s3rver for the whole run; each test file's stack makes its own table and buckets.
    globalSetup: ['src/local/shared-test-servers.ts'],
    env: {
      // Lambda runs Node 22; the AWS SDK's notice about this machine's Node 20 is noise here.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Test passwords guard nothing: bcrypt's lowest cost instead of 11 (~300 ms a hash here). A
      // test-only switch, refused in Lambda and by synth; passwords.test.ts covers the real cost.
      MELD_TEST_BCRYPT_COST: '4',
    },
    // Files in a worker share modules: a fresh module graph per file was most of this project's CPU.
    // Module state is keyed by what it depends on (the table client by endpoint, the config by file,
    // the secrets cache reset by the test stack), and a file that mocks a module loads what uses it
    // afresh (safe-fetch.test.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
