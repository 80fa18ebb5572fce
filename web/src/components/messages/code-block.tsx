import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';
import { useCopy } from './use-copy.ts';
import { useHighlightedCode } from './use-highlight.tsx';

const COPY_FEEDBACK_MS = 3000;

/**
 * A fenced code block: language label and a copy button above scrollable monospace text,
 * coloured once the language's grammar has loaded (plain until then, so nothing waits on it).
 */
export const CodeBlock = memo(function CodeBlock({ language, code }: { language: string | null; code: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(COPY_FEEDBACK_MS);
  const highlighted = useHighlightedCode(code, language);
  return (
    <div className="my-4 overflow-hidden rounded-xl border border-line bg-sunken/70">
      <div className="flex h-9 items-center justify-between border-b border-line px-3 text-xs text-ink-faint">
        <span className="font-mono">{language ?? ''}</span>
        <button
          type="button"
          onClick={() => void copy(code)}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-surface hover:text-ink"
        >
          <Icon name={copied ? 'check' : 'copy'} className="size-3.5" />
          {copied ? t('messages.codeCopied') : t('messages.copyCode')}
        </button>
      </div>
      <pre className="overflow-x-auto p-4 font-mono text-[0.85rem] leading-relaxed">
        <code data-highlighted={highlighted ? language ?? undefined : undefined}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
});
