import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-types.ts';
import { imageSize } from './image-size.ts';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part)))));
const sniff = (head: Uint8Array, filename: string, mimeType = '', complete = true) => sniffFileType(head, { filename, mimeType }, complete);

describe('sniffing a file type from its first bytes', () => {
  it('names programs whatever they are called', () => {
    for (const program of [bytes('MZ\x90\x00'), bytes([0x7f, 0x45, 0x4c, 0x46, 2]), bytes([0xcf, 0xfa, 0xed, 0xfe, 7]), bytes([0xca, 0xfe, 0xba, 0xbe, 0]), bytes([0, 0x61, 0x73, 0x6d, 1])]) {
      expect(sniff(program, 'holiday.png', 'image/png')).toEqual({ kind: 'executable' });
    }
  });

  it('takes the content over the name for single-type formats', () => {
    expect(sniff(bytes('%PDF-1.7\n'), 'scan.png', 'image/png')).toEqual({ kind: 'type', type: 'application/pdf' });
    expect(sniff(bytes('GIF89a', [1, 0, 1, 0]), 'x.bin')).toEqual({ kind: 'type', type: 'image/gif' });
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'x')).toEqual({ kind: 'type', type: 'image/webp' });
    expect(sniff(bytes([0x1f, 0x8b, 8]), 'logs.tgz')).toEqual({ kind: 'type', type: 'application/gzip' });
    expect(sniff(bytes(' '.repeat(257), 'ustar\x0000'), 'backup.tar')).toEqual({ kind: 'type', type: 'application/x-tar' });
  });

  it('lets the name pick among a container format’s own types, and only those', () => {
    const zip = bytes('PK\x03\x04', [20, 0]);
    expect(sniff(zip, 'budget.xlsx', 'application/octet-stream')).toEqual({ kind: 'type', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(sniff(zip, 'letter.docx')).toEqual({ kind: 'type', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(sniff(zip, 'photo.png', 'image/png')).toEqual({ kind: 'type', type: 'application/zip' });
    expect(sniff(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'old.xls')).toEqual({ kind: 'type', type: 'application/vnd.ms-excel' });
  });

  it('types UTF-8 text by its name and refuses binary that is not on the list', () => {
    expect(sniff(bytes('fn main() {}\n'), 'main.rs')).toEqual({ kind: 'type', type: 'text/x-rust' });
    expect(sniff(bytes('a,b\n1,2\n'), 'data.csv', 'text/csv')).toEqual({ kind: 'type', type: 'text/csv' });
    expect(sniff(bytes('plain words'), 'README')).toEqual({ kind: 'type', type: 'text/plain' });
    expect(sniff(bytes('not a pdf at all'), 'fake.pdf', 'application/pdf')).toEqual({ kind: 'type', type: 'text/plain' });
    expect(sniff(bytes([0, 0, 0, 0x18], 'ftypmp42'), 'clip.mp4', 'video/mp4')).toEqual({ kind: 'unknown' });
    expect(sniff(bytes('text', [0], 'more'), 'notes.txt')).toEqual({ kind: 'unknown' });
    expect(sniff(bytes([0xc3, 0x28]), 'bad.txt')).toEqual({ kind: 'unknown' });
    expect(sniff(new Uint8Array(0), 'empty.txt')).toEqual({ kind: 'unknown' });
  });

  it('accepts a head cut inside a character only when the file goes on', () => {
    const cut = bytes('caf', [0xc3]);
    expect(sniff(cut, 'menu.txt', '', false)).toEqual({ kind: 'type', type: 'text/plain' });
    expect(sniff(cut, 'menu.txt', '', true)).toEqual({ kind: 'unknown' });
  });

  it('keeps SVG for text that is one', () => {
    expect(sniff(bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg')).toEqual({ kind: 'type', type: 'image/svg+xml' });
    expect(sniff(bytes('hello'), 'logo.svg', 'image/svg+xml')).toEqual({ kind: 'type', type: 'text/plain' });
  });
});

describe('reading an image size from its header', () => {
  it('reads GIF, WebP (lossy, lossless, extended) and JPEG sizes', () => {
    expect(imageSize('image/gif', bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00]))).toEqual({ width: 320, height: 240 });
    const vp8 = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0], [0, 0, 0, 0x9d, 0x01, 0x2a], [0x80, 0x02, 0xe0, 0x01]);
    expect(imageSize('image/webp', vp8)).toEqual({ width: 640, height: 480 });
    // VP8L packs width-1 and height-1 in 14 bits each after the 0x2f signature.
    const packed = (99 & 0x3fff) | ((49 & 0x3fff) << 14);
    const vp8l = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8L', [0, 0, 0, 0], [0x2f], [packed & 0xff, (packed >> 8) & 0xff, (packed >> 16) & 0xff, (packed >> 24) & 0xff]);
    expect(imageSize('image/webp', vp8l)).toEqual({ width: 100, height: 50 });
    const vp8x = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [0, 0, 0, 0], [0, 0, 0, 0], [0xff, 0x03, 0x00], [0xff, 0x01, 0x00]);
    expect(imageSize('image/webp', vp8x)).toEqual({ width: 1024, height: 512 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 600 and width 800.
    const jpeg = bytes([0xff, 0xd8], [0xff, 0xe0, 0x00, 0x10], 'JFIF\x00', [1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 3]);
    expect(imageSize('image/jpeg', jpeg)).toEqual({ width: 800, height: 600 });
  });

  it('gives no size for a header cut short or a type without one', () => {
    expect(imageSize('image/png', bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(imageSize('application/pdf', bytes('%PDF-1.4'))).toBeNull();
  });
});
