import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** jsdom cannot follow a download link: the blob handed to it and the file name are what matter. */
export function captureDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:download');
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    },
  );
  const names: string[] = [];
  /** Each file saved, in order: its name and the blob the link pointed at. */
  const files: { name: string; blob: Blob }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
    files.push({ name: this.download, blob: createObjectURL.mock.calls.at(-1)![0] });
  });
  return {
    names,
    files,
    /** The last file's text, without the byte-order mark. */
    async text(): Promise<string> {
      await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
      // jsdom's Blob has no text(); FileReader reads it.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(createObjectURL.mock.calls.at(-1)![0]);
      });
      return text.replace(/^\uFEFF/, '');
    },
  };
}

/** A saved file's bytes (jsdom's Blob has no arrayBuffer(); FileReader reads it). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}
