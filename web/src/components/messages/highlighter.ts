import { createLowlight } from 'lowlight';

/** highlight.js's core behind lowlight (hast out, no HTML strings); grammars are registered as code needs them. */
export const lowlight = createLowlight();
