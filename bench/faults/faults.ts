import { dynamoDbThrottling } from './dynamodb-throttling.ts';
import { providerFailsMidStream } from './provider-fails.ts';
import { s3FailingOnUpload } from './s3-failing.ts';
import { serverKilledMidWrite } from './server-killed.ts';

/** The scenarios in order; `MELD_BENCH_FAULTS=2,4` runs some of them while developing. */
const SCENARIOS: (() => Promise<boolean>)[] = [providerFailsMidStream, dynamoDbThrottling, s3FailingOnUpload, serverKilledMidWrite];

/** The `faults` section of `npm run bench`: each fault injected, PASS/FAIL per check; false when any check failed. */
export async function runFaults(): Promise<boolean> {
  const only = process.env.MELD_BENCH_FAULTS?.split(',').map(Number);
  let ok = true;
  for (const [index, scenario] of SCENARIOS.entries()) {
    if (only && !only.includes(index + 1)) continue;
    if (!(await scenario())) ok = false;
  }
  return ok;
}
