import { describe, expect, it } from 'vitest';
import { footerParts, formatShareDate, shareDocumentTitle } from './share-format.ts';

describe('share page formatting', () => {
  it('writes the creation date in long US form', () => {
    expect(formatShareDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026');
    expect(formatShareDate('not a date')).toBe('');
  });

  it('titles the tab with the conversation, adding the app title only when both exist', () => {
    expect(shareDocumentTitle('Garden plans', 'Meld')).toBe('Garden plans | Meld');
    expect(shareDocumentTitle('Garden plans', '')).toBe('Garden plans');
    expect(shareDocumentTitle('  ', 'Meld')).toBe('Meld');
  });

  it('splits custom footer text on "|" and drops empty parts', () => {
    expect(footerParts('Acme | Pilot ||  ')).toEqual(['Acme', 'Pilot']);
    expect(footerParts(undefined)).toEqual([]);
  });
});
