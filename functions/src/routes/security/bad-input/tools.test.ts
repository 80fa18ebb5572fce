import { AREAS } from './areas.ts';
import { fuzzRoutesUnder } from './suite.ts';

fuzzRoutesUnder('bad input on the tools routes', AREAS.tools);
