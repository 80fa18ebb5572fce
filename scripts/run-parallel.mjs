// Runs npm scripts side by side, one more at a time than the machine has cores, and fails if any
// fails. tsc, eslint and vite each use one core, so on 2 cores the checks before the tests take
// half the time they take one after another; the one more keeps both cores busy while a script
// waits on the network (the sandbox Node's download). Each script's output is printed whole when it ends.
//
//   node scripts/run-parallel.mjs [--beside <script>] <script> … [--then <script>]
//
// --beside starts a script at once and lets it run to the end beside everything else: the lint,
// one core for a minute, which would otherwise hold the tests back while the other core idles.
// --then runs a script, its output streamed, once every other script but the one beside has passed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args.splice(index, 2)[1];
};
const beside = option('--beside');
const then = option('--then');
const scripts = args;
if (scripts.length === 0 || [beside, then].includes('')) {
  console.error('usage: node scripts/run-parallel.mjs [--beside <npm script>] <npm script> [<npm script> …] [--then <npm script>]');
  process.exit(2);
}

function run(script, { stream = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'] });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      resolve(code === 0);
    });
  });
}

const besideDone = beside ? run(beside) : Promise.resolve(true);
const queue = [...scripts];
const results = [];
async function worker() {
  for (let script = queue.shift(); script; script = queue.shift()) results.push(await run(script));
}
// The script beside takes one of the slots.
const slots = Math.max(1, availableParallelism() + 1 - (beside ? 1 : 0));
await Promise.all(Array.from({ length: Math.min(slots, scripts.length) }, worker));
if (then && results.every(Boolean)) results.push(await run(then, { stream: true }));
else if (then) console.log(`✗ npm run ${then} not run: a check before it failed`);
results.push(await besideDone);
process.exit(results.every(Boolean) ? 0 : 1);
