import { getAppConfig } from '../functions/src/config/app-config.ts';
import { seed } from '../functions/src/local/seed.ts';
import { createClient, startTestStack } from '../functions/src/local/test-stack.ts';
import { LARGE, SMALL, seedMember, type Member } from './db/members.ts';
import { reads, writes, type BenchRequest } from './db/requests.ts';

/**
 * DynamoDB calls and consumed capacity per route, read from the headers the handler kit adds when
 * counting is on (x-meld-db-calls, x-meld-db-capacity). Each GET route is called as a member with
 * little data and as one with a lot (5,000 conversations, a 2,000-message conversation, 25 of
 * everything else), so a route whose calls grow with the data shows it.
 */

const SIGNUP_CODE = 'PILOT-BENCH-DB';
/** More calls than this on a read is worth a look even when it does not grow. */
const HANDFUL = 5;
/** The one read the kit makes for every signed-in request: the session's standing. */
const SESSION_READ = 1;

interface Usage {
  status: number;
  calls: number;
  read: number;
  write: number;
}

async function usageOf(member: Member, request: BenchRequest): Promise<Usage> {
  const response = await member.call(request.method, request.path, request.json);
  const capacity = Object.fromEntries((response.headers.get('x-meld-db-capacity') ?? '').split(';').map((part) => part.split('=')));
  return { status: response.status, calls: Number(response.headers.get('x-meld-db-calls')), read: Number(capacity.read ?? 0), write: Number(capacity.write ?? 0) };
}

const units = (usage: Usage) => `${usage.read}/${usage.write}`;

function table(header: string[], rows: string[][]): void {
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function readVerdict(request: BenchRequest, small: Usage, large: Usage): string {
  if (small.status >= 300 || large.status >= 300) return `HTTP ${small.status}/${large.status}`;
  const notes: string[] = [];
  if (request.budget) {
    // The budgets are the route's own queries; every signed-in request also reads its session (decision 0011).
    const max = request.budget.maxCalls + SESSION_READ;
    const text = `${request.budget.text} + the session`;
    notes.push(large.calls <= max && small.calls <= max ? `budget ${text}: ok` : `OVER budget (${text})`);
  }
  if (large.calls > small.calls) notes.push('GROWS with data');
  if (large.calls > HANDFUL) notes.push(`more than ${HANDFUL} calls`);
  return notes.join('; ') || 'ok';
}

export async function benchDbPerRoute(): Promise<boolean> {
  const stack = await startTestStack({
    env: { MELD_EXPOSE_DB_CALLS: '1', MELD_SIGNUP_CODES: SIGNUP_CODE, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    // An OpenAI endpoint for the agents and speech engines for the speech config (nothing is sent to them), the demo for presets.
    config: {
      endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-bench', baseURL: 'http://127.0.0.1:9/v1', models: ['gpt-4o-mini'] } },
      speech: { stt: { engine: 'openai', apiKey: 'sk-bench', model: 'whisper-1' }, tts: { engine: 'openai', apiKey: 'sk-bench' } },
    },
  });
  try {
    await seed(getAppConfig(), process.env);
    const client = createClient(stack.baseUrl);
    const agent = { provider: 'openAI', model: 'gpt-4o-mini' };
    const small = await seedMember(client, SIGNUP_CODE, SMALL, agent);
    const large = await seedMember(client, SIGNUP_CODE, LARGE, agent);
    // Another member's 5,000 conversations in the same table, as in production.
    await seedMember(client, SIGNUP_CODE, { ...LARGE, items: 0 }, agent);

    console.log(`GET routes as a member with little data (${SMALL.conversations} conversations, ${SMALL.messages} messages, ${SMALL.items} of everything)`);
    console.log(`and with a lot (${LARGE.conversations} conversations, a ${LARGE.messages}-message conversation, ${LARGE.items} of everything). Capacity: read/write units.\n`);
    const smallReads = reads(small);
    const rows: string[][] = [];
    let flagged = 0;
    for (const [i, request] of reads(large).entries()) {
      const little = await usageOf(small, smallReads[i]!);
      const lot = await usageOf(large, request);
      const verdict = readVerdict(request, little, lot);
      if (/OVER|GROWS|more than|HTTP/.test(verdict)) flagged += 1;
      rows.push([request.label, `${little.calls}`, units(little), `${lot.calls}`, units(lot), verdict]);
    }
    table(['GET route', 'calls', 'capacity', 'calls (large)', 'capacity (large)', 'check'], rows);

    console.log('\nMain writes, as the member with a lot of data\n');
    const writeRows: string[][] = [];
    for (const request of writes(large)) {
      const usage = await usageOf(large, request);
      writeRows.push([request.label, `${usage.calls}`, units(usage), usage.status < 300 ? 'ok' : `HTTP ${usage.status}`]);
    }
    table(['write', 'calls', 'capacity', 'status'], writeRows);
    console.log(`\n${flagged === 0 ? 'No GET route grows with the data or makes more than a handful of calls.' : `${flagged} GET route(s) flagged above.`}`);
    // The local gateway runs each request under its route's declared table and bucket access and
    // refuses any other call as IAM would (a 500 here), so every row above that answered is also
    // within what the route's function is granted in AWS.
    const refused = [...rows, ...writeRows].filter((row) => /HTTP 5\d\d/.test(row.at(-1) ?? '')).length;
    console.log(refused === 0 ? 'Every call above stayed inside its route\'s declared table and bucket access (the local runtime refuses any other, as IAM would).' : `${refused} route(s) answered 5xx: look for AccessDeniedException in the log.`);
    console.log('Capacity is what dynalite reports: item sizes in 4 KB (read, halved when eventually consistent) and 1 KB (write) units.');
    console.log('DynamoDB also counts writes to global secondary indexes and at least 0.5 units for a read that finds nothing (dynalite: 0).');
    return true;
  } finally {
    await stack.stop();
  }
}
