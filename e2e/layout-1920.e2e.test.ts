import { describeLayout } from './support/layout-pages.ts';
import { VIEWPORTS } from './support/layout.ts';

// One file per viewport: e2e files run in parallel, and each is a minute or two on its own.
describeLayout(VIEWPORTS.filter((viewport) => viewport.width === 1920));
