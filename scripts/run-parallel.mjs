// Runs npm scripts side by side, one more at a time than the machine has cores, and fails if any
// fails. tsc, eslint and vite each use one core, so on 2 cores the checks before the tests take
// half the time they take one after another; the one more keeps both cores busy while a script
// waits on the network (the sandbox Node's download). Each script's output is printed whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...scripts];
const results = [];
async function worker() {
  for (let script = queue.shift(); script; script = queue.shift()) results.push(await run(script));
}
await Promise.all(Array.from({ length: Math.min(availableParallelism() + 1, scripts.length) }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
