import type { MatrixEntries } from './matrix.ts';

export const chatEntries: MatrixEntries = {};
