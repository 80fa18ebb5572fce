import { vi } from 'vitest';

// The files of a worker share one process (isolate: false in vitest.config.ts), which keeps the
// packages they load (the AWS SDK, middy, zod) loaded. Our own modules are loaded afresh for each
// file, as each Lambda starts cold: no module state (a logger's level, a cached client, a mocked
// import) carries from one file to the next.
vi.resetModules();

// Handler modules built with middy({ streamifyResponse: true }) need the runtime global at import
// time: this file's fresh copy of the shim installs it.
const { installLambdaStreamShim } = await import('./lambda-stream-shim.ts');
installLambdaStreamShim();
