// The code runner's sandbox processes run on a Node of their own, pinned in
// functions/src/code-runner/sandbox-node.json, not on the server's: from Node 25 the permission
// model denies every network access unless --allow-net is given, which the Lambda's Node 22
// cannot (decision 0025). This fetches that build once from the npm registry (the official binary
// as `node-linux-<arch>` ships it), checks the package against the pinned integrity, and keeps
// its `node` in node_modules/.cache; the binary's own sha256 is checked each time this runs (a
// changed one is fetched again) and before it is copied. `--arch arm64` fetches another architecture's (the Lambda's);
// `--copy-to DIR` also copies it to DIR/node (the Lambda asset).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const pin = JSON.parse(readFileSync(join(ROOT, 'functions/src/code-runner/sandbox-node.json'), 'utf8'));
const { values } = parseArgs({ options: { arch: { type: 'string', default: process.arch }, 'copy-to': { type: 'string' } } });
const pkg = pin.packages[values.arch];
if (!pkg) fail(`No sandbox Node is pinned for ${values.arch} (only ${Object.keys(pin.packages).join(', ')})`);

// The same place functions/src/code-runner/sandbox-node.ts looks.
const target = join(ROOT, 'node_modules', '.cache', 'meld-sandbox-node', `${pin.version}-linux-${values.arch}`, 'node');
if (!(existsSync(target) && sha256(target) === pkg.binarySha256)) fetchBinary();
if (values['copy-to']) {
  mkdirSync(values['copy-to'], { recursive: true });
  copyFileSync(target, join(values['copy-to'], 'node'));
  chmodSync(join(values['copy-to'], 'node'), 0o755);
}

function fetchBinary() {
  const spec = `${pkg.name}@${pin.version}`;
  console.error(`Fetching the code runner's sandbox Node (${spec}, about 57 MB, once)`);
  const download = mkdtempSync(join(tmpdir(), 'meld-sandbox-node-'));
  // Beside the target, so the finished file is renamed into place (another process may race us).
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), '.staging-'));
  try {
    let packed;
    try {
      packed = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', download], { cwd: download, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    } catch (error) {
      fail(`Fetching ${spec} from the npm registry failed (${error.message.split('\n')[0]}): the code runner cannot run code without it`);
    }
    const tarball = join(download, packed[0].filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== pkg.integrity) fail(`${spec} does not match the integrity pinned in sandbox-node.json (got ${integrity})`);
    execFileSync('tar', ['-xzf', tarball, '-C', staging, 'package/bin/node'], { stdio: 'inherit' });
    const binary = join(staging, 'package/bin/node');
    if (sha256(binary) !== pkg.binarySha256) fail(`The node binary in ${spec} does not match the sha256 pinned in sandbox-node.json`);
    chmodSync(binary, 0o755);
    renameSync(binary, target);
  } finally {
    rmSync(download, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
