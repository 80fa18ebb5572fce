import { describe, expect, it } from 'vitest';
import { APP_HTML_ENTRY, htmlEntryFor, htmlEntryRewriteFunction, isFilePath } from './html-entries.ts';

/** The generated CloudFront Function, run as CloudFront would: handler(event) returns the request. */
function rewrite(uri: string): string {
  const handler = new Function(`${htmlEntryRewriteFunction()}\nreturn handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

const PATHS = ['/', '/login', '/c/new', '/c/3f1e', '/share/abc', '/share/abc-123_x', '/share/', '/share', '/shared/abc', '/c/share/abc', '/share/abc/more', '/favicon.svg', '/assets/index-1a2b.js', '/share/logo.png', '/share.html', '/artifact-frame.html'];

describe('which HTML document serves a page', () => {
  it('sends a shared conversation to share.html and every other page to index.html', () => {
    expect(htmlEntryFor('/share/abc')).toBe('/share.html');
    expect(htmlEntryFor('/share/abc/more')).toBe('/share.html');
    for (const path of ['/', '/login', '/c/new', '/share/', '/share', '/shared/abc', '/c/share/abc']) expect(htmlEntryFor(path), path).toBe(APP_HTML_ENTRY);
  });

  it('tells files (a dot in the last segment) from pages', () => {
    expect(isFilePath('/assets/index-1a2b.js')).toBe(true);
    expect(isFilePath('/share.html')).toBe(true);
    expect(isFilePath('/share/abc')).toBe(false);
    expect(isFilePath('/v1.2/page')).toBe(false);
  });

  it('generates a CloudFront function that agrees with the table on every path, leaving files alone', () => {
    for (const path of PATHS) expect(rewrite(path), path).toBe(isFilePath(path) ? path : htmlEntryFor(path));
  });
});
