import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { htmlEntryFor } from '@meld/shared';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

/** Vite fingerprints everything under /assets/, so those files never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app the way CloudFront + S3 do in the cloud: files as they are, and for an
 * extension-less path (a page) its HTML document from the shared table (share.html for a shared
 * conversation, index.html for the app's client-side routes), so a reload lands where it was.
 */
export function createStaticHandler(distDir: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const root = resolve(distDir);
  const assetsDir = join(root, 'assets') + sep;
  const assets = assetCache();

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    }
    const requestPath = decodedPath(req.url ?? '/');
    if (requestPath === null) return sendText(res, 400, 'Bad request path');
    // Source maps hold the full source text and are not published (the build keeps them out of dist).
    if (extname(requestPath).toLowerCase() === '.map') return sendText(res, 404, 'Not found');
    const candidate = resolve(root, `.${requestPath}`);
    // resolve() collapses every `..`, so anything still inside root is safe to read.
    const inside = candidate === root || candidate.startsWith(root + sep);
    if (candidate.startsWith(assetsDir)) {
      const asset = await assets(candidate);
      if (asset) return sendFile(req, res, candidate, asset.stats, IMMUTABLE, asset.body);
    }

    const pageFile = join(root, `.${htmlEntryFor(requestPath)}`);
    const page = await fileStats(pageFile);
    if (!page) {
      return sendText(res, 503, `The web app has not been built (no ${pageFile}). Run \`npm run build:web\`, then reload.`);
    }
    const file = inside ? await fileStats(candidate) : null;
    if (file) return sendFile(req, res, candidate, file, REVALIDATE);
    if (!inside || extname(requestPath) !== '') return sendText(res, 404, 'Not found');
    return sendFile(req, res, pageFile, page, REVALIDATE);
  };
}

interface CachedAsset {
  stats: Stats;
  body: Buffer;
  /** Read whole under the exact name the build gave it: served from memory from now on. */
  keep: boolean;
}

/**
 * Vite fingerprints every file under /assets/: one never changes under its name, so each is read
 * from disk once and then served from memory (a page load asks for dozens). Only what the build
 * holds is kept: a name that matches a file only on a case-insensitive disk is served from disk
 * (else each spelling would be another copy), and so is a file that is missing, or still being
 * written (its size or time changed while it was read), until a later request finds it whole.
 */
function assetCache(): (path: string) => Promise<CachedAsset | null> {
  const cache = new Map<string, Promise<CachedAsset | null>>();
  return (path) => {
    let asset = cache.get(path);
    if (!asset) {
      asset = readWhole(path);
      cache.set(path, asset);
      void asset.then((found) => found?.keep || cache.delete(path));
    }
    return asset;
  };
}

async function readWhole(path: string): Promise<CachedAsset | null> {
  try {
    const stats = await fileStats(path);
    if (!stats) return null;
    const body = await readFile(path);
    const after = await fileStats(path);
    const whole = after !== null && after.size === stats.size && after.mtimeMs === stats.mtimeMs && body.length === stats.size;
    // Still being written: served from disk as before this cache, and read again next time.
    if (!whole) return null;
    return { stats, body, keep: (await readdir(dirname(path))).includes(basename(path)) };
  } catch {
    return null;
  }
}

function decodedPath(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes('\0') || !decoded.startsWith('/') ? null : decoded;
  } catch {
    return null;
  }
}

async function fileStats(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** Sends a file from disk, or `body` when it is already in memory. */
async function sendFile(req: IncomingMessage, res: ServerResponse, path: string, stats: Stats, cacheControl: string, body?: Buffer): Promise<void> {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  res.setHeader('cache-control', cacheControl);
  res.setHeader('etag', etag);
  res.setHeader('last-modified', stats.mtime.toUTCString());
  res.setHeader('x-content-type-options', 'nosniff');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('content-type', CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream');
  res.setHeader('content-length', stats.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (body) res.end(body);
  else await pipeline(createReadStream(path), res);
}

function sendText(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(`${message}\n`);
}
