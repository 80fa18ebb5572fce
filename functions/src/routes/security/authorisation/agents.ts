import type { MatrixEntries } from './matrix.ts';

export const agentsEntries: MatrixEntries = {};
