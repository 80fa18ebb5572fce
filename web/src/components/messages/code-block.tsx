import { normaliseCodeLanguage } from '@meld/shared';
import clsx from 'clsx';
import { memo, useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CodeRunOutput } from './code-run-output.tsx';
import { useCodeBlockPlace, useCodeRunTarget } from './code-run-scope.tsx';
import { useMessageDisplaySettings } from './display-settings.tsx';
import { Icon } from './icons.tsx';
import { useCodeRunner, type CodeRunner, type CodeRunTarget } from './use-code-run.ts';
import { useCopy } from './use-copy.ts';
import { useHighlightedCode } from './use-highlight.tsx';

const COPY_FEEDBACK_MS = 3000;

interface CodeBlockProps {
  language: string | null;
  code: string;
  /** Where the block starts in its text: names it among the reply's blocks (its runs, its folding). */
  blockIndex?: number;
  /** A block in a message folds as the "show code" setting says, and the member can flip it (spec 000 section 4). */
  foldable?: boolean;
}

/**
 * A fenced code block: language label and a copy button above scrollable monospace text,
 * coloured once the language's grammar has loaded (plain until then, so nothing waits on it).
 * In a reply of the open conversation a JavaScript or Python block also has a Run button, with
 * the run's output below it.
 */
export const CodeBlock = memo(function CodeBlock({ language, code, blockIndex, foldable = false }: CodeBlockProps) {
  const target = useCodeRunTarget();
  const lang = normaliseCodeLanguage(language);
  if (target && lang && blockIndex !== undefined) return <RunnableCodeBlock language={language} code={code} run={{ ...target, lang, blockIndex }} foldable={foldable} />;
  return <CodeBlockView language={language} code={code} runner={null} foldable={foldable} blockIndex={blockIndex} />;
});

function RunnableCodeBlock({ language, code, run, foldable }: { language: string | null; code: string; run: CodeRunTarget; foldable: boolean }) {
  return <CodeBlockView language={language} code={code} runner={useCodeRunner(run, code)} foldable={foldable} blockIndex={run.blockIndex} />;
}

/** The blocks the member folded or unfolded, by reply, part and place, so a block scrolled out of the list and back keeps its state. */
const flipped = new Map<string, boolean>();

interface Fold {
  expanded: boolean;
  toggle: () => void;
}

/** Whether a block shows its code: as the member last set it, else as the "show code" setting says. Null when it does not fold. */
function useFold(foldable: boolean, blockIndex: number | undefined): Fold | null {
  const { showCode } = useMessageDisplaySettings();
  const place = useCodeBlockPlace();
  const key = place && blockIndex !== undefined ? `${place.messageId}:${place.partIndex}:${blockIndex}` : null;
  const [own, setOwn] = useState<boolean | undefined>(() => (key ? flipped.get(key) : undefined));
  if (!foldable) return null;
  const expanded = own ?? showCode;
  return {
    expanded,
    toggle: () => {
      if (key) flipped.set(key, !expanded);
      setOwn(!expanded);
    },
  };
}

function CodeBlockView({ language, code, runner, foldable, blockIndex }: Omit<CodeBlockProps, 'foldable'> & { runner: CodeRunner | null; foldable: boolean }) {
  const { t } = useTranslation();
  const fold = useFold(foldable, blockIndex);
  const { copied, copy } = useCopy(COPY_FEEDBACK_MS);
  const codeId = useId();
  const expanded = fold?.expanded ?? true;
  // A folded block is not coloured until it opens: nothing loads for code no one looks at.
  const highlighted = useHighlightedCode(code, expanded ? language : null);
  const lines = code.split('\n').length;
  return (
    <div className="@container my-4 overflow-hidden rounded-xl border border-line bg-sunken/70">
      <div className={clsx('flex min-h-9 items-center justify-between gap-2 px-1.5 text-xs text-ink-faint', expanded && 'border-b border-line')}>
        {fold ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={codeId}
            onClick={fold.toggle}
            className="inline-flex min-w-0 items-center gap-1.5 overflow-hidden rounded-md px-1.5 py-1 whitespace-nowrap hover:bg-surface hover:text-ink"
          >
            <Icon name={expanded ? 'chevronDown' : 'chevronRight'} className="size-3.5" />
            <span className="min-w-[3ch] truncate font-mono">{language ?? t('messages.code.plain')}</span>
            <span className="shrink-0">· {t('messages.code.lines', { count: lines })}</span>
            {/* The word stays for screen readers where the block is too narrow to show it. */}
            <span className="sr-only @md:not-sr-only">{expanded ? t('messages.code.collapse') : t('messages.code.expand')}</span>
          </button>
        ) : (
          <span className="px-1.5 font-mono">{language ?? ''}</span>
        )}
        <span className="flex shrink-0 items-center gap-1">
          {runner ? (
            <button
              type="button"
              onClick={runner.run}
              disabled={runner.running}
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-accent hover:bg-surface hover:text-accent-strong disabled:cursor-wait disabled:opacity-60"
            >
              {runner.running ? <Spinner /> : <Icon name="play" className="size-3.5" />}
              {runner.running ? t('codeRun.running') : t('codeRun.run')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => void copy(code)}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-surface hover:text-ink"
          >
            <Icon name={copied ? 'check' : 'copy'} className="size-3.5" />
            {copied ? t('messages.codeCopied') : t('messages.copyCode')}
          </button>
        </span>
      </div>
      <pre id={codeId} hidden={!expanded} className="overflow-x-auto p-4 font-mono text-[0.85rem] leading-relaxed">
        <code data-highlighted={highlighted ? language ?? undefined : undefined}>{highlighted ?? code}</code>
      </pre>
      {runner?.output ? <CodeRunOutput output={runner.output} /> : null}
    </div>
  );
}
