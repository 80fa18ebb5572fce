import { FILE_TYPE_EXTENSIONS, type FileMimeType } from '@meld/shared';

/**
 * What a file is, from its first bytes (decision 0018). A name and a browser's label are claims;
 * the content decides. Binary types are told by their magic numbers; containers (ZIP, OLE) hold
 * several whitelisted types, so there the claim picks among the container's own types; anything
 * else must be UTF-8 text, and a text claim picks the text type. Executables are named as such.
 */

/** How many leading bytes the sniffer looks at (tar's magic sits at 257; text is checked this far). */
export const SNIFF_BYTES = 64 * 1024;

type Magic = { offset: number; bytes: readonly number[] };
const ascii = (text: string, offset = 0): Magic => ({ offset, bytes: [...text].map((char) => char.charCodeAt(0)) });

const EXECUTABLES: readonly Magic[] = [
  ascii('MZ'),
  { offset: 0, bytes: [0x7f, 0x45, 0x4c, 0x46] },
  // Mach-O, 32 and 64 bits, both byte orders, and fat binaries (which share Java class files' magic; neither is allowed).
  { offset: 0, bytes: [0xfe, 0xed, 0xfa, 0xce] },
  { offset: 0, bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { offset: 0, bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { offset: 0, bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { offset: 0, bytes: [0xca, 0xfe, 0xba, 0xbe] },
  // WebAssembly.
  { offset: 0, bytes: [0x00, 0x61, 0x73, 0x6d] },
];

const ZIP_TYPES: readonly FileMimeType[] = [
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/epub+zip',
];
const OLE_TYPES: readonly FileMimeType[] = ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'];

/** Binary families: the magic, and the whitelisted types it may be (the first when the claim names none of them). */
const BINARY: readonly { magic: readonly Magic[]; types: readonly FileMimeType[] }[] = [
  { magic: [ascii('%PDF-')], types: ['application/pdf'] },
  { magic: [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }], types: ['image/png'] },
  { magic: [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }], types: ['image/jpeg'] },
  { magic: [ascii('GIF87a'), ascii('GIF89a')], types: ['image/gif'] },
  { magic: [ascii('PK\x03\x04'), ascii('PK\x05\x06')], types: ZIP_TYPES },
  { magic: [{ offset: 0, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }], types: OLE_TYPES },
  { magic: [{ offset: 0, bytes: [0x1f, 0x8b] }], types: ['application/gzip'] },
  { magic: [ascii('ustar', 257)], types: ['application/x-tar'] },
  { magic: [{ offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] }], types: ['application/x-7z-compressed'] },
  { magic: [ascii('BZh')], types: ['application/x-bzip2'] },
  { magic: [ascii('Rar!\x1a\x07')], types: ['application/vnd.rar'] },
];

const EXTENSION_TYPES = new Map<string, FileMimeType>(
  Object.entries(FILE_TYPE_EXTENSIONS).flatMap(([type, extensions]) => extensions.map((extension) => [extension, type as FileMimeType] as const)),
);

/** Text types: everything on the whitelist that is not a binary family's. */
const TEXT_TYPES = new Set<FileMimeType>(
  (Object.keys(FILE_TYPE_EXTENSIONS) as FileMimeType[]).filter((type) => !BINARY.some((family) => family.types.includes(type)) && type !== 'image/webp'),
);

export type Sniffed = { kind: 'type'; type: FileMimeType } | { kind: 'executable' } | { kind: 'unknown' };

/**
 * The whitelisted type of a file from its first bytes (at most SNIFF_BYTES of them), its name and
 * the browser's label; `complete` says whether `head` is the whole file (text may be cut mid-character).
 */
export function sniffFileType(head: Uint8Array, claim: { filename: string; mimeType: string }, complete: boolean): Sniffed {
  if (EXECUTABLES.some((magic) => matches(head, magic))) return { kind: 'executable' };
  const claimed = claimedTypes(claim);
  if (isWebp(head)) return { kind: 'type', type: 'image/webp' };
  const family = BINARY.find((candidate) => candidate.magic.some((magic) => matches(head, magic)));
  if (family) return { kind: 'type', type: family.types.find((type) => claimed.includes(type)) ?? family.types[0]! };
  if (head.length === 0 || !isText(head, complete)) return { kind: 'unknown' };
  const textType = claimed.find((type) => TEXT_TYPES.has(type)) ?? 'text/plain';
  // An SVG must be one: the name alone does not make text an image.
  if (textType === 'image/svg+xml' && !/<svg[\s>]/i.test(decodeStart(head))) return { kind: 'type', type: 'text/plain' };
  return { kind: 'type', type: textType };
}

/** The types a name's extension and a browser's label claim, label first. */
function claimedTypes(claim: { filename: string; mimeType: string }): FileMimeType[] {
  const label = claim.mimeType.split(';')[0]!.trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(claim.filename)?.[1]?.toLowerCase();
  const fromLabel = label in FILE_TYPE_EXTENSIONS ? [label as FileMimeType] : [];
  const fromName = extension ? [EXTENSION_TYPES.get(extension)].filter((type): type is FileMimeType => type !== undefined) : [];
  return [...fromLabel, ...fromName];
}

function matches(head: Uint8Array, magic: Magic): boolean {
  return head.length >= magic.offset + magic.bytes.length && magic.bytes.every((byte, index) => head[magic.offset + index] === byte);
}

function isWebp(head: Uint8Array): boolean {
  return matches(head, ascii('RIFF')) && matches(head, ascii('WEBP', 8));
}

/**
 * Valid UTF-8 without NUL or other control characters than tab, line breaks, form feed and escape
 * (terminal colours in logs). A cut-off head may end inside a character.
 */
function isText(head: Uint8Array, complete: boolean): boolean {
  let i = 0;
  while (i < head.length) {
    const byte = head[i]!;
    if (byte < 0x80) {
      if (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) return false;
      if (byte === 0x7f) return false;
      i += 1;
      continue;
    }
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0) return false;
    if (i + length > head.length) return !complete;
    for (let k = 1; k < length; k++) if ((head[i + k]! & 0xc0) !== 0x80) return false;
    i += length;
  }
  return true;
}

function decodeStart(head: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, SNIFF_BYTES));
}
