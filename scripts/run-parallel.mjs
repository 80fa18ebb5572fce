// Runs npm scripts side by side and fails if any fails. Each script's output is printed whole when
// it ends.
//
//   node scripts/run-parallel.mjs <npm script> …
//     one more at a time than the machine has cores: tsc, eslint and vite each use one core, and
//     the one more keeps both cores busy while a script waits on the network (the sandbox Node's
//     download).
//
//   node scripts/run-parallel.mjs <npm script> … --beside <command> [<argument> …]
//     <command> runs in the foreground, its output straight through, and the scripts beside it at
//     the lowest CPU priority (nice 19), as many at a time as there are cores. The test command
//     runs its checks (lint, type checks) beside the tests this way: the tests keep the CPU they
//     can use, and the checks take only what the tests leave idle (between files, while a browser
//     or a server waits), instead of a phase of their own before them. The scripts' outputs are
//     printed after the command ends, and any still running then finish at full speed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const besideAt = args.indexOf('--beside');
const scripts = besideAt === -1 ? args : args.slice(0, besideAt);
const foreground = besideAt === -1 ? [] : args.slice(besideAt + 1);
if (scripts.length === 0 || (besideAt !== -1 && foreground.length === 0)) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …] [--beside <command> [<argument> …]]');
  process.exit(2);
}

/** Runs one npm script, its output kept; `report` prints the ✓/✗ line and the output. */
function run(script, { lowPriority }) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const npm = ['npm', 'run', '--silent', script];
    // `nice` lowers the whole process tree: npm and the tool it starts.
    const [command, ...commandArgs] = lowPriority ? ['nice', '-n', '19', ...npm] : npm;
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ ok: code === 0, report: `${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)${output.trim() ? `\n${output.trimEnd()}` : ''}` });
    });
  });
}

/** Runs `scripts`, `width` at a time; `onDone` gets each result as it ends. */
async function runAll(width, options, onDone) {
  const queue = [...scripts];
  const results = [];
  const worker = async () => {
    for (let script = queue.shift(); script; script = queue.shift()) {
      const result = await run(script, options);
      results.push(result);
      onDone(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, scripts.length) }, worker));
  return results.every((result) => result.ok);
}

if (foreground.length === 0) {
  const ok = await runAll(availableParallelism() + 1, { lowPriority: false }, (result) => console.log(result.report));
  process.exit(ok ? 0 : 1);
}

const reports = [];
const checks = runAll(availableParallelism(), { lowPriority: true }, (result) => reports.push(result.report));
const [command, ...commandArgs] = foreground;
const commandCode = await new Promise((resolve) => {
  const child = spawn(command, commandArgs, { stdio: 'inherit' });
  child.on('error', (error) => {
    console.error(`${command}: ${error.message}`);
    resolve(1);
  });
  child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
const printed = reports.length;
for (const report of reports) console.log(report);
if (printed < scripts.length) console.log(`\nWaiting for ${scripts.length - printed} of the checks beside it…`);
const checksOk = await checks;
for (const report of reports.slice(printed)) console.log(report);
process.exit(commandCode !== 0 ? commandCode : checksOk ? 0 : 1);
