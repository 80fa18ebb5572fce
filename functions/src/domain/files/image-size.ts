/**
 * An image's width and height from its own header (PNG, GIF, WebP, JPEG), read from the first
 * bytes the sniffer already has; null when the header is not within them or is malformed.
 */
export function imageSize(type: string, head: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  try {
    switch (type) {
      case 'image/png':
        // The IHDR chunk comes first: width and height, big-endian, at 16 and 20.
        return size(view.getUint32(16), view.getUint32(20));
      case 'image/gif':
        return size(view.getUint16(6, true), view.getUint16(8, true));
      case 'image/webp':
        return webpSize(head, view);
      case 'image/jpeg':
        return jpegSize(head, view);
      default:
        return null;
    }
  } catch {
    // A header cut short (DataView's RangeError) has no size to give.
    return null;
  }
}

function webpSize(head: Uint8Array, view: DataView): { width: number; height: number } | null {
  const chunk = String.fromCharCode(...head.subarray(12, 16));
  if (chunk === 'VP8X') return { width: 1 + uint24(head, 24), height: 1 + uint24(head, 27) };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return null;
}

function uint24(head: Uint8Array, offset: number): number {
  if (offset + 3 > head.length) throw new RangeError('cut short');
  return head[offset]! | (head[offset + 1]! << 8) | (head[offset + 2]! << 16);
}

/** Walks the JPEG's segments to the first start-of-frame marker, which holds the size. */
function jpegSize(head: Uint8Array, view: DataView): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1]!;
    // Fill bytes may pad before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}
