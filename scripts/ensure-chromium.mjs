// The browser tests drive Debian's Chromium. On a fresh machine, install it when we may (root, or
// sudo without a password); otherwise stop at once with the one command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(browser)) process.exit(0);

const installCommand = 'sudo apt-get install -y chromium';
if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH is ${browser}, which does not exist`);
if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0) fail(`Chromium is missing at ${browser} and apt-get is not here: install Chromium and set CHROMIUM_PATH`);

const asRoot = process.getuid?.() === 0;
const sudo = !asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!asRoot && !sudo) fail(`Chromium is missing at ${browser}. Install it, then run the tests again:\n  ${installCommand}`);

console.log("Installing Debian's chromium for the browser tests (once)");
const run = (args) => execFileSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : ['-n', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium']);
} catch {
  fail(`Installing Chromium failed. Install it, then run the tests again:\n  ${installCommand}`);
}
if (!existsSync(browser)) fail(`apt-get installed chromium but ${browser} is still missing`);

function fail(message) {
  console.error(message);
  process.exit(1);
}
