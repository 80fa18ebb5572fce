import { memo, useMemo, type ReactElement } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import Markdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import { CodeBlock } from './code-block.tsx';
import { useMessageDisplaySettings } from './display-settings.tsx';
import { lazyModule, useLazyModule } from './lazy-module.ts';
import { hasMath, prepareMath } from './math.ts';
import { safeImageUrl } from './message-image.tsx';
import { RecentCache } from './recent-cache.ts';
import { remarkGfmParse } from './remark-gfm-parse.ts';

interface HastLike {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastLike[];
}

function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function languageOf(code: HastLike | undefined): string | null {
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const language = list.find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length) : null;
}

/** A fenced block, folded as the "show code" setting says; its start offset in the text names it among the reply's code blocks (its runs are found by it). */
function Pre({ node }: ExtraProps) {
  const code = (node as HastLike | undefined)?.children?.find((child) => child.tagName === 'code');
  // The source keeps a trailing newline before the closing fence; it is not part of the code.
  return <CodeBlock foldable language={languageOf(code)} code={textOf(code).replace(/\n$/, '')} blockIndex={(node as { position?: { start?: { offset?: number } } } | undefined)?.position?.start?.offset} />;
}

/** A markdown image only from this site or https, loaded lazily; otherwise its description as text. */
function MarkdownImage({ src, alt }: { src?: string | Blob; alt?: string }) {
  const { t } = useTranslation();
  const url = safeImageUrl(src);
  if (!url) return <span className="text-ink-faint italic">{alt || t('messages.imageUnavailable')}</span>;
  return <img src={url} alt={alt ?? ''} loading="lazy" decoding="async" className="my-3 inline-block max-h-96 max-w-full rounded-xl border border-line" />;
}

/** Element styles: the app has no typography plugin, and message text should read like the rest of the page. */
const components: Components = {
  pre: Pre,
  p: ({ node: _, ...props }) => <p className="my-3 leading-relaxed first:mt-0 last:mb-0" {...props} />,
  a: ({ node: _, ...props }) => <a className="text-accent underline underline-offset-2 hover:text-accent-strong" target="_blank" rel="noopener noreferrer" {...props} />,
  ul: ({ node: _, ...props }) => <ul className="my-3 list-outside list-disc space-y-1 ps-6 marker:text-ink-faint" {...props} />,
  ol: ({ node: _, ...props }) => <ol className="my-3 list-outside list-decimal space-y-1 ps-6 marker:text-ink-faint" {...props} />,
  h1: ({ node: _, ...props }) => <h3 className="mt-6 mb-3 text-xl font-semibold first:mt-0" {...props} />,
  h2: ({ node: _, ...props }) => <h4 className="mt-5 mb-2 font-serif text-lg font-semibold first:mt-0" {...props} />,
  h3: ({ node: _, ...props }) => <h5 className="mt-4 mb-2 font-semibold first:mt-0" {...props} />,
  blockquote: ({ node: _, ...props }) => <blockquote className="my-3 border-s-2 border-line-strong ps-4 text-ink-soft italic" {...props} />,
  hr: () => <hr className="my-6 border-line" />,
  table: ({ node: _, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg border border-line">
      <table className="w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _, ...props }) => <th className="border-b border-line bg-sunken px-3 py-2 text-start font-semibold" {...props} />,
  td: ({ node: _, ...props }) => <td className="border-b border-line px-3 py-2 align-top" {...props} />,
  code: ({ node: _, ...props }) => <code className="rounded bg-sunken px-1.5 py-0.5 font-mono text-[0.88em]" {...props} />,
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
};

type Plugins = NonNullable<Options['remarkPlugins']>;

const plainPlugins: Plugins = [remarkGfmParse];

/**
 * KaTeX and remark-math arrive with the first message that holds math; the plugin lists stay the
 * same objects after. Asked for once the page has painted, as the highlighter is (use-highlight.tsx):
 * the text shows as written until they arrive anyway, and KaTeX's stylesheet arriving as a
 * conversation first drew would restyle the whole page in the frame its largest paint waits for.
 */
const mathPlugins = lazyModule(
  () => import('./math-plugins.ts').then((module) => ({ remark: [remarkGfmParse, ...module.remarkPlugins] as Plugins, rehype: module.rehypePlugins })),
  { afterPaint: true },
);

/** How many rendered texts are kept: a long conversation's rows mount again as they scroll back in. */
const RENDERED_TEXTS = 300;
const renderedByPlugins = new WeakMap<Plugins, RecentCache<string, ReactElement>>();

/**
 * A text's rendered elements, parsed once per plugin list. react-markdown parses and transforms
 * on every render (about 10 ms a reply at 4x CPU): a row that mounts again (scrolled back into
 * view, re-rendered after an interrupted render, a reply re-rendered as others arrive) reuses them.
 * Markdown is a plain function of its options without hooks, and elements may be rendered again.
 */
function renderMarkdown(text: string, remarkPlugins: Plugins, rehypePlugins: Options['rehypePlugins']): ReactElement {
  let cache = renderedByPlugins.get(remarkPlugins);
  if (!cache) renderedByPlugins.set(remarkPlugins, (cache = new RecentCache(RENDERED_TEXTS)));
  let rendered = cache.get(text);
  if (!rendered) {
    rendered = Markdown({ children: text, remarkPlugins, rehypePlugins, components });
    cache.set(text, rendered);
  }
  return rendered;
}

/**
 * Markdown with GitHub extensions and, when the LaTeX setting is on, math. Raw HTML is never
 * rendered and unsafe link schemes are dropped. Until the math renderer has loaded the text shows
 * as written.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const { latex } = useMessageDisplaySettings();
  const prepared = useMemo(() => (latex ? prepareMath(text) : text), [latex, text]);
  const math = useLazyModule(mathPlugins, latex && hasMath(prepared));
  return math ? renderMarkdown(prepared, math.remark, math.rehype) : renderMarkdown(text, plainPlugins, undefined);
});
