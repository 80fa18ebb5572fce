import { normaliseCodeLanguage } from '@meld/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CodeRunOutput } from './code-run-output.tsx';
import { useCodeRunTarget } from './code-run-scope.tsx';
import { Icon } from './icons.tsx';
import { useCodeRunner, type CodeRunner, type CodeRunTarget } from './use-code-run.ts';
import { useCopy } from './use-copy.ts';
import { useHighlightedCode } from './use-highlight.tsx';

const COPY_FEEDBACK_MS = 3000;

/**
 * A fenced code block: language label and a copy button above scrollable monospace text,
 * coloured once the language's grammar has loaded (plain until then, so nothing waits on it).
 * In a reply of the open conversation a JavaScript or Python block also has a Run button, with
 * the run's output below it; `blockIndex` says where the block starts in its text.
 */
export const CodeBlock = memo(function CodeBlock({ language, code, blockIndex }: { language: string | null; code: string; blockIndex?: number }) {
  const target = useCodeRunTarget();
  const lang = normaliseCodeLanguage(language);
  if (target && lang && blockIndex !== undefined) return <RunnableCodeBlock language={language} code={code} run={{ ...target, lang, blockIndex }} />;
  return <CodeBlockView language={language} code={code} runner={null} />;
});

function RunnableCodeBlock({ language, code, run }: { language: string | null; code: string; run: CodeRunTarget }) {
  return <CodeBlockView language={language} code={code} runner={useCodeRunner(run, code)} />;
}

function CodeBlockView({ language, code, runner }: { language: string | null; code: string; runner: CodeRunner | null }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(COPY_FEEDBACK_MS);
  const highlighted = useHighlightedCode(code, language);
  return (
    <div className="my-4 overflow-hidden rounded-xl border border-line bg-sunken/70">
      <div className="flex h-9 items-center justify-between border-b border-line px-3 text-xs text-ink-faint">
        <span className="font-mono">{language ?? ''}</span>
        <span className="flex items-center gap-1">
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
      <pre className="overflow-x-auto p-4 font-mono text-[0.85rem] leading-relaxed">
        <code data-highlighted={highlighted ? language ?? undefined : undefined}>{highlighted ?? code}</code>
      </pre>
      {runner?.output ? <CodeRunOutput output={runner.output} /> : null}
    </div>
  );
}
