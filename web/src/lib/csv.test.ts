import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv.ts';

describe('CSV exports', () => {
  it('quotes fields holding commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Lee, Ada')).toBe('"Lee, Ada"');
    expect(csvField('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('plain')).toBe('plain');
  });

  it('writes missing values as empty fields and numbers as they are', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, 3, undefined]])).toBe('a,b,c\r\n,3,\r\n');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
  });

  it('names the file after the export and the local day', () => {
    expect(csvFileName('platform-users', new Date(2026, 10, 2, 23, 30))).toBe('platform-users-2026-11-02.csv');
  });
});
