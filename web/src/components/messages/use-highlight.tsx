import { useMemo, type ReactNode } from 'react';
import { grammarName, importGrammar } from './highlight-languages.ts';
import type { lowlight as loadedLowlight } from './highlighter.ts';
import { lazyModule, useLazyModule, type LazyModule } from './lazy-module.ts';

type Lowlight = typeof loadedLowlight;

/** What lowlight produces: spans with highlight.js classes around text. */
interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

const core = lazyModule(() => import('./highlighter.ts').then((module) => module.lowlight));
const grammars = new Map<string, LazyModule<Lowlight>>();
const nothing = lazyModule<Lowlight>(() => new Promise(() => {}));

/**
 * One lazy module per language: the core (once) plus that grammar, registered before anyone
 * highlights with it. Asked for once the page has painted: code shows as plain text until they
 * arrive anyway, and fetched and run as a conversation first drew, they pushed its largest paint
 * back (issue 25 §7). Only the first load waits; a loaded grammar renders at once.
 */
function grammarModule(name: string): LazyModule<Lowlight> {
  let module = grammars.get(name);
  if (!module) {
    module = lazyModule(async () => {
      const [lowlight, grammar] = await Promise.all([core.load(), importGrammar(name)]);
      if (!lowlight) throw new Error('highlighter unavailable');
      if (!lowlight.registered(name)) {
        lowlight.register(name, grammar.default);
        // highlight.js compiles a grammar's expressions on its first use (100 ms at 4x CPU for
        // TypeScript): here, in a task of its own, not inside the render of every block waiting for it.
        lowlight.highlight(name, '');
      }
      return lowlight;
    }, { afterPaint: true });
    grammars.set(name, module);
  }
  return module;
}

function toReact(nodes: HastNode[] | undefined): ReactNode[] {
  return (nodes ?? []).map((node, index) => {
    if (node.type === 'text') return node.value ?? '';
    const classes = node.properties?.className;
    return (
      <span key={index} className={Array.isArray(classes) ? classes.join(' ') : undefined}>
        {toReact(node.children)}
      </span>
    );
  });
}

/**
 * The code as highlighted spans once its language's grammar has loaded; null before that and
 * for languages without a grammar, when the caller shows the plain text.
 */
export function useHighlightedCode(code: string, language: string | null): ReactNode[] | null {
  const name = grammarName(language);
  const lowlight = useLazyModule(name ? grammarModule(name) : nothing, name !== null);
  return useMemo(() => (lowlight && name ? toReact(lowlight.highlight(name, code).children as HastNode[]) : null), [lowlight, name, code]);
}
