import { lazyModule } from '@/components/messages/lazy-module.ts';

/**
 * The heavy helpers of the preview, each in its own chunk and fetched only when an artifact of
 * that type is previewed: mermaid draws diagrams to SVG in this page (strict mode: no scripts or
 * click handlers in the output), sucrase turns a React component's JSX and imports into a script
 * the frame's runtime can mount. Nothing the artifact wrote is evaluated in this page.
 */
const mermaid = lazyModule(async () => {
  const { default: engine } = await import('mermaid');
  engine.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral', fontFamily: 'system-ui, sans-serif' });
  return engine;
});

const sucrase = lazyModule(() => import('sucrase'));

let diagramCount = 0;

export async function diagramToSvg(source: string): Promise<string> {
  const engine = await mermaid.load();
  if (!engine) throw new Error('The diagram renderer could not be loaded.');
  diagramCount += 1;
  const { svg } = await engine.render(`meld-artifact-diagram-${diagramCount}`, source);
  return svg;
}

export async function componentToScript(source: string): Promise<string> {
  const compiler = await sucrase.load();
  if (!compiler) throw new Error('The component compiler could not be loaded.');
  return compiler.transform(source, { transforms: ['jsx', 'typescript', 'imports'], jsxRuntime: 'automatic', production: true }).code;
}

const purify = lazyModule(() => import('dompurify'));

/** Markdown this page rendered, cleaned before it goes to the frame. */
export async function sanitizeHtml(html: string): Promise<string> {
  const cleaner = await purify.load();
  if (!cleaner) throw new Error('The document could not be prepared.');
  return cleaner.default.sanitize(html);
}
