import { randomUUID } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';

/**
 * Writes a file whole or not at all: the text goes to a new file beside it, which then takes the
 * name in one rename. A plain write empties the file first, and another synth bundling from it at
 * that moment (a test worker beside this one) read a half-written module.
 */
export function writeWhole(path: string, content: string): void {
  const temporary = `${path}.${process.pid}-${randomUUID()}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}
