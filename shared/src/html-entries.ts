/**
 * Which built HTML document serves a page's address: one definition read by the CloudFront
 * viewer-request function (its code is generated from this table), the local static server and
 * Vite's dev server, so every way of serving the web app agrees (decision 0046).
 *
 * Files (a last path segment with a dot) are served as they are; every other path is a page.
 * The public shared conversation has its own entry, share.html, which loads neither the router
 * nor the signed-in app; every other page is the app's index.html and its client-side routes.
 */

/** The app's document: every page not claimed by another entry. */
export const APP_HTML_ENTRY = '/index.html';

/** Entries other than the app's, by the path prefix of the pages they serve. */
export const HTML_ENTRIES: readonly { readonly prefix: string; readonly file: string }[] = [{ prefix: '/share/', file: '/share.html' }];

/** Whether a path names a file (its last segment has a dot) rather than a page. */
export function isFilePath(path: string): boolean {
  return path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/** The HTML document a page's path loads: a prefix needs something after it (`/share/` alone is the app's). */
export function htmlEntryFor(path: string): string {
  return HTML_ENTRIES.find((entry) => path.length > entry.prefix.length && path.startsWith(entry.prefix))?.file ?? APP_HTML_ENTRY;
}

/**
 * The CloudFront Function (cloudfront-js-2.0) that rewrites a page's path to its HTML document,
 * generated from the table above so it cannot drift from the local server. CloudFront Functions
 * take plain ES5-style source, hence the string.
 */
export function htmlEntryRewriteFunction(): string {
  const entries = JSON.stringify(HTML_ENTRIES.map((entry) => [entry.prefix, entry.file]));
  return `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') !== -1) return request;
  var entries = ${entries};
  for (var i = 0; i < entries.length; i++) {
    if (uri.length > entries[i][0].length && uri.indexOf(entries[i][0]) === 0) {
      request.uri = entries[i][1];
      return request;
    }
  }
  request.uri = ${JSON.stringify(APP_HTML_ENTRY)};
  return request;
}`;
}
