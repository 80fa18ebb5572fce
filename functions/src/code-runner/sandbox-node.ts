import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pin from './sandbox-node.json' with { type: 'json' };

/**
 * The Node every sandbox process runs on: not the server's own, but the build pinned in
 * sandbox-node.json (decision 0025). From Node 25 the permission model denies all network access
 * (TCP, UDP, unix sockets, DNS) unless `--allow-net` is given; the Lambda's Node 22 has no such
 * fence, and in the Lambda, where namespaces are not allowed, it is what keeps a run off the
 * unauthenticated runtime API on localhost. In the Lambda it ships in the asset beside the handler
 * (`sandbox-node/node`); elsewhere `scripts/ensure-sandbox-node.mjs` keeps it in node_modules/.cache.
 */
export const SANDBOX_NODE_VERSION: string = pin.version;

export function sandboxNodePath(): string {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./sandbox-node/node', import.meta.url));
  const nodeModules = join(dirname(createRequire(import.meta.url).resolve('pyodide/package.json')), '..');
  return join(nodeModules, '.cache', 'meld-sandbox-node', `${pin.version}-linux-${process.arch}`, 'node');
}

/** How to put it in place, for the message of a server that lacks it. */
export const INSTALL_SANDBOX_NODE = 'node scripts/ensure-sandbox-node.mjs';
