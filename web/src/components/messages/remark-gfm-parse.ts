import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm, type Options } from 'micromark-extension-gfm';

type Extensions = { micromarkExtensions?: ReturnType<typeof gfm>[]; fromMarkdownExtensions?: ReturnType<typeof gfmFromMarkdown>[] };

/**
 * remark-gfm without its markdown serialiser: messages are only ever parsed and rendered, and
 * remark-gfm's `toMarkdown` half (mdast-util-to-markdown, markdown-table) added about 7 KB gzipped
 * to every page that shows a message (issue 25's share page budget). Same tables, task lists,
 * strikethrough, autolinks and footnotes.
 */
export function remarkGfmParse(this: { data: () => object }, options?: Options): void {
  // The processor's data, where remark-parse reads its extensions (the shape remark-parse declares).
  const data = this.data() as Extensions;
  (data.micromarkExtensions ??= []).push(gfm(options));
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
