// The browser tests drive Debian's Chromium: its headless shell (`chromium-headless-shell`, the
// lighter build Playwright runs for headless tests, decision 0030) when present, else the full
// browser. On a fresh machine, install both when we may (root, or sudo without a password);
// otherwise run on whichever is here, or stop at once with the one command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'chromium-headless-shell'];
const installCommand = `sudo apt-get install -y ${PACKAGES.join(' ')}`;

if (process.env.CHROMIUM_PATH) {
  if (!existsSync(process.env.CHROMIUM_PATH)) fail(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist`);
  process.exit(0);
}
if (existsSync(HEADLESS_SHELL) && existsSync(FULL)) process.exit(0);

const asRoot = process.getuid?.() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
const sudo = hasApt && !asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!hasApt || (!asRoot && !sudo)) {
  if (existsSync(HEADLESS_SHELL) || existsSync(FULL)) {
    // Either one runs every test; the shell is only faster.
    if (!existsSync(HEADLESS_SHELL)) console.log(`The browser tests run on ${FULL}; with Chromium's headless shell they take less time:\n  ${installCommand}`);
    process.exit(0);
  }
  fail(hasApt ? `Chromium is missing. Install it, then run the tests again:\n  ${installCommand}` : 'Chromium is missing and apt-get is not here: install Chromium and set CHROMIUM_PATH');
}

console.log("Installing Debian's Chromium for the browser tests (once)");
const run = (args) => execFileSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : ['-n', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...PACKAGES]);
} catch {
  if (!existsSync(HEADLESS_SHELL) && !existsSync(FULL)) fail(`Installing Chromium failed. Install it, then run the tests again:\n  ${installCommand}`);
  console.log(`Installing ${PACKAGES.join(' and ')} failed; the browser tests run on the Chromium that is here`);
}
if (!existsSync(HEADLESS_SHELL) && !existsSync(FULL)) fail(`apt-get installed Chromium but neither ${HEADLESS_SHELL} nor ${FULL} is there`);

function fail(message) {
  console.error(message);
  process.exit(1);
}
