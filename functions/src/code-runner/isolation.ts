import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { SandboxLimits } from './limits.ts';

/**
 * How a sandbox process is fenced in from outside (decision 0025). Every layer is the operating
 * system's or Node's own, applied by the parent before the child runs a line:
 * - an empty environment and a fresh process per run (always);
 * - Node's permission model: read access to the interpreters' files only, no writes, no child
 *   processes, worker threads, native addons, WASI or inspector (always);
 * - a network namespace of its own, with only a loopback that is down: no internet, no
 *   localhost, no UDP (`unshare`, Linux). In the code-runner Lambda, where namespaces are not
 *   allowed, the function's VPC without routes and a security group without rules do that;
 * - a PID namespace, so the process sees and signals no other process;
 * - another user (`nobody`) when the server runs as root, so not even a flaw in Node's
 *   permission model reads the server's files or its /proc entries;
 * - resource limits: data size, CPU seconds, open files, no file writes, no core dumps (`prlimit`).
 */
export interface Isolation {
  network: 'namespace' | 'lambda-vpc';
  user: 'nobody' | 'mapped' | 'same';
  resourceLimits: boolean;
  /** The command and its arguments that start `node` inside the fence. */
  wrap(nodeCommand: string[], limits: SandboxLimits): string[];
}

const NOBODY = 65_534;

function tool(name: string): string | undefined {
  return ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].map((dir) => `${dir}/${name}`).find((path) => existsSync(path));
}

function works(command: string[]): boolean {
  const [file, ...args] = command;
  if (!file) return false;
  const result = spawnSync(file, args, { env: {}, stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}

/** Resource limits as prlimit's arguments: the hard caps behind the interpreters' own. */
function resourceLimits(limits: SandboxLimits, asNobody: boolean): string[] {
  const mb = 1024 * 1024;
  return [
    // The Python heap's cap, plus Node, V8's heap and the interpreters' code.
    `--data=${limits.pythonMemoryBytes + 768 * mb}`,
    // Loading Pyodide takes a few CPU seconds; the run's wall-clock deadline is enforced apart.
    `--cpu=${Math.ceil(limits.deadlineMs / 1000) + 60}`,
    '--nofile=128',
    '--fsize=0',
    '--core=0',
    '--memlock=0',
    '--msgqueue=0',
    // Counts every process and thread of the user: only meaningful for a user of its own.
    ...(asNobody ? ['--nproc=1024'] : []),
  ];
}

let probed: Isolation | string | undefined;

/**
 * What this machine can fence a run with, probed once. Without a network namespace and outside
 * the code-runner Lambda, code does not run at all: the answer says why (a server must never run
 * members' code with a path to its own network).
 */
export function isolation(): Isolation | string {
  probed ??= probe();
  return probed;
}

function probe(): Isolation | string {
  const unshare = tool('unshare');
  const prlimit = tool('prlimit');
  const setpriv = tool('setpriv');
  const isRoot = process.getuid?.() === 0;
  const namespaces = ['--net', '--pid', '--fork', '--kill-child'];
  const user: Isolation['user'] | undefined = !unshare
    ? undefined
    : isRoot && setpriv && works([unshare, ...namespaces, '--', setpriv, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--no-new-privs', '--', '/bin/true'])
      ? 'nobody'
      : works([unshare, ...namespaces, '--map-root-user', '--', '/bin/true'])
        ? 'mapped'
        : undefined;
  if (unshare && user) {
    return {
      network: 'namespace',
      user,
      resourceLimits: Boolean(prlimit),
      wrap: (node, limits) => [
        unshare,
        ...namespaces,
        ...(user === 'mapped' ? ['--map-root-user'] : []),
        '--',
        ...(user === 'nobody' && setpriv ? [setpriv, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--no-new-privs', '--'] : []),
        ...(prlimit ? [prlimit, ...resourceLimits(limits, user === 'nobody'), '--'] : []),
        ...node,
      ],
    };
  }
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
    return {
      network: 'lambda-vpc',
      user: 'same',
      resourceLimits: Boolean(prlimit),
      wrap: (node, limits) => (prlimit ? [prlimit, ...resourceLimits(limits, false), '--', ...node] : node),
    };
  }
  return 'Code cannot run on this server: it needs Linux network namespaces (the unshare command, as root or with unprivileged user namespaces) to run programs without network access.';
}
