import { vi } from 'vitest';

// The files of a worker share one process (isolate: false in vitest.config.ts), which keeps
// playwright-core and the other packages loaded; our own modules load afresh for each file, so no
// module state (a world's ids, a listener's counters) carries from one file to the next.
vi.resetModules();
