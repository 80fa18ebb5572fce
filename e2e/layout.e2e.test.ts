import { describeLayout } from './support/layout-pages.ts';
import { VIEWPORTS } from './support/layout.ts';

// Every page at each viewport, on one world: its set-up (an app, members, a streamed conversation)
// is the costly part, and the pages at one size go through the app's router after the first.
describeLayout(VIEWPORTS);
