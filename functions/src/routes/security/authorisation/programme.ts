import type { MatrixEntries } from './matrix.ts';

export const programmeEntries: MatrixEntries = {};
