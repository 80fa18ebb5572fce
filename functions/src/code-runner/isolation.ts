import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits.ts';
import { INSTALL_SANDBOX_NODE, SANDBOX_NODE_VERSION, sandboxNodePath } from './sandbox-node.ts';

/**
 * How a sandbox process is fenced in from outside (decision 0025). Every layer is the operating
 * system's or Node's own, applied by the parent before the child runs a line:
 * - an empty environment and a fresh process per run (always);
 * - Node's permission model, on the sandbox's own Node (sandbox-node.ts): read access to the
 *   interpreters' files only, no writes, no network of any kind (TCP, UDP, unix sockets, DNS), no
 *   child processes, worker threads, native addons, FFI, WASI or inspector (always);
 * - a network namespace of its own, with only a loopback that is down: no internet, no
 *   localhost, no UDP (`unshare`, Linux). In the code-runner Lambda, where namespaces are not
 *   allowed, the function's VPC without routes and a security group without rules do that;
 * - a PID namespace, so the process sees and signals no other process;
 * - a mount namespace whose root holds only what `node` needs (its libraries, a few devices, a
 *   /proc of its own) and the files it may read: no file of the host, and above all no unix
 *   socket of the host (a socket file is reached through the file system, not the network
 *   namespace, and Node's permission model does not cover connecting to one);
 * - another user (`nobody`) when the server runs as root, so not even a flaw in Node's
 *   permission model reads the server's files or its /proc entries;
 * - resource limits: data size, CPU seconds, open files, no file writes, no core dumps (`prlimit`);
 * - the parent-death signal: the kernel kills it when the server dies, however (`setpriv`).
 */
export interface Isolation {
  network: 'namespace' | 'lambda-vpc';
  /**
   * Whether each process leads a process group of its own (locally: the kill reaches unshare and,
   * through it, the namespace). In the Lambda it stays in the server's group, so that whatever
   * ends the runtime's process group ends it too, even where setpriv's parent-death signal is missing.
   */
  groupOfItsOwn: boolean;
  user: 'nobody' | 'mapped' | 'same';
  resourceLimits: boolean;
  /** The command and its arguments that start `node` inside the fence, `readable` the files it may see. */
  wrap(nodeCommand: string[], limits: SandboxLimits, readable: string[]): string[];
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

/**
 * The start of every sandbox's command: the kernel kills the process the moment its parent (the
 * server) dies, however it dies (`kill -9` included), instead of leaving it to run on unwatched,
 * since the deadline is the server's (prctl's parent-death signal, kept through every exec of the
 * chain). Without setpriv there is no such guard.
 */
function dieWithParent(setpriv: string | undefined): string[] {
  return setpriv ? [setpriv, '--pdeathsig', 'KILL', '--'] : [];
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

/**
 * The code-runner Lambda, where namespaces are not allowed: the function's VPC is the network
 * fence, and the process runs as the server's own user in the server's PID space. So it can
 * signal the server, and a plain Node process opens its inspector on 127.0.0.1:9229 at SIGUSR1,
 * which the process could then connect to and run code in the server (its credentials, the next
 * member's run). A listener for SIGUSR1 takes the signal instead (the sandbox processes
 * themselves run under the permission model, which keeps the inspector shut).
 */
export function lambdaIsolation(prlimit = tool('prlimit'), setpriv = tool('setpriv')): Isolation {
  if (process.listenerCount('SIGUSR1') === 0) process.on('SIGUSR1', () => undefined);
  return {
    network: 'lambda-vpc',
    groupOfItsOwn: false,
    user: 'same',
    resourceLimits: Boolean(prlimit),
    wrap: (node, limits) => [...dieWithParent(setpriv), ...(prlimit ? [prlimit, ...resourceLimits(limits, false), '--'] : []), ...node],
  };
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

/** What `node` itself needs in the root it is given: its shared libraries and a few devices. */
const SYSTEM_PATHS = ['/lib', '/lib64', '/lib32', '/libx32', '/usr/lib', '/usr/lib64', '/usr/lib32', '/dev/null', '/dev/zero', '/dev/random', '/dev/urandom'];

/**
 * Run inside the new mount namespace (so nothing of it shows on the host): a small read-only
 * tmpfs becomes the process's root, with each path given (up to `--`) bound read-only at its own
 * place and a /proc of the new PID namespace; then `chroot` into it runs the rest.
 */
const MAKE_ROOT = `set -e
root=$1; shift
mount -t tmpfs -o size=1m,mode=755,nosuid meld-sandbox "$root"
while [ "$1" != -- ]; do
  if [ ! -e "$root$1" ]; then
    if [ -d "$1" ]; then mkdir -p "$root$1"; else mkdir -p "$root\${1%/*}"; : > "$root$1"; fi
  fi
  mount --bind -o ro "$1" "$root$1"
  shift
done
shift
mkdir "$root/proc"
mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
mount -o remount,ro,bind "$root"
# No variable of the shell (PWD) reaches the process: its environment stays empty.
exec env -i "$(command -v chroot)" "$root" "$@"`;

/** An empty directory of the host to mount the new root on: one no path the process needs lies under. */
function mountPoint(paths: string[]): string | undefined {
  return ['/mnt', '/srv', '/media', '/opt', '/tmp', '/var/tmp'].find((dir) => isDirectory(dir) && !paths.some((path) => path === dir || path.startsWith(`${dir}/`)));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Why the sandbox's Node cannot start here, if it cannot: missing (not fetched; not in the asset),
 * or refused by the system (a library the image lacks). Code then runs nowhere: never on the
 * server's own Node, which does not fence the network.
 */
function sandboxNodeProblem(): string | undefined {
  const node = sandboxNodePath();
  if (!existsSync(node)) return `its Node ${SANDBOX_NODE_VERSION} is not installed (run \`${INSTALL_SANDBOX_NODE}\`)`;
  const result = spawnSync(node, ['--version'], { env: {}, encoding: 'utf8', timeout: 10_000 });
  if (result.status === 0 && result.stdout.trim() === `v${SANDBOX_NODE_VERSION}`) return undefined;
  return `its Node ${SANDBOX_NODE_VERSION} does not start (${(result.error?.message ?? result.stderr ?? '').trim().slice(0, 300) || `exit ${String(result.status)}`})`;
}

function probe(): Isolation | string {
  const problem = sandboxNodeProblem();
  if (problem) return `Code cannot run on this server: ${problem}.`;
  const unshare = tool('unshare');
  const prlimit = tool('prlimit');
  const setpriv = tool('setpriv');
  const isRoot = process.getuid?.() === 0;
  const namespaces = ['--net', '--pid', '--mount', '--fork', '--kill-child'];
  const fenced = (user: 'nobody' | 'mapped'): Isolation | undefined => {
    if (!unshare || !setpriv) return undefined;
    // The parent-death signal again after the change of user, which clears it (unshare's
    // --kill-child sets it for the namespace's first process: this is that process).
    // As root of an unprivileged user namespace (mapped) the process would hold every capability
    // there: enough, after a V8 escape, to remount the read-only root writable and change a file of
    // the server's (a review did so). Its capabilities are dropped for good before node starts.
    const dropCaps = ['--no-new-privs', '--bounding-set=-all', '--inh-caps=-all'];
    const dropPrivileges: string[] = !setpriv ? [] : user === 'nobody' ? [setpriv, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...dropCaps, '--pdeathsig', 'KILL', '--'] : [setpriv, ...dropCaps, '--pdeathsig', 'KILL', '--'];
    const wrap = (node: string[], limits: SandboxLimits, readable: string[]): string[] | undefined => {
      const [nodePath = process.execPath] = node;
      const paths = [...SYSTEM_PATHS.filter((path) => existsSync(path)), nodePath, ...dropPrivileges.slice(0, 1), ...readable].sort((a, b) => a.length - b.length);
      const root = mountPoint(paths);
      if (!root) return undefined;
      return [
        // The server's death kills unshare, and unshare's (--kill-child) the namespace's first
        // process, whose death ends every other process in the namespace.
        ...dieWithParent(setpriv),
        unshare,
        ...namespaces,
        ...(user === 'mapped' ? ['--map-root-user'] : []),
        '--',
        // Limits are set before the root changes (prlimit is not in it); they hold through exec.
        ...(prlimit ? [prlimit, ...resourceLimits(limits, user === 'nobody'), '--'] : []),
        '/bin/sh',
        '-c',
        MAKE_ROOT,
        'meld-sandbox',
        root,
        ...paths,
        '--',
        ...dropPrivileges,
        ...node,
      ];
    };
    // The whole fence, tried once with node itself: a machine where any part fails runs no code.
    const trial = wrap([sandboxNodePath(), '-e', '0'], DEFAULT_LIMITS, []);
    if (!trial || !works(trial)) return undefined;
    return {
      network: 'namespace',
      groupOfItsOwn: true,
      user,
      resourceLimits: Boolean(prlimit),
      wrap: (node, limits, readable) => {
        const command = wrap(node, limits, readable);
        if (!command) throw new Error('The code runner found no place to mount its root');
        return command;
      },
    };
  };
  const fence = (isRoot ? fenced('nobody') : undefined) ?? fenced('mapped');
  if (fence) return fence;
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
    // For the operator (docs/operations.md): what the function's image lacks, and so its runs.
    for (const [name, path, what] of [['setpriv', setpriv, 'parent-death signal'], ['prlimit', prlimit, 'resource limits']] as const) {
      if (!path) console.warn(`code runner: this image has no ${name}: runs go without its ${what} (decision 0025)`);
    }
    return lambdaIsolation(prlimit, setpriv);
  }
  return 'Code cannot run on this server: it needs Linux namespaces (the unshare command, as root or with unprivileged user namespaces) to run programs without network access or the host\'s files.';
}
