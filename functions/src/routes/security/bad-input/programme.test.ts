import { AREAS } from './areas.ts';
import { fuzzRoutesUnder } from './suite.ts';

fuzzRoutesUnder('bad input on the programme routes', AREAS.programme);
