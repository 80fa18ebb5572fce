import type { MatrixEntries } from './matrix.ts';

export const adminEntries: MatrixEntries = {};
