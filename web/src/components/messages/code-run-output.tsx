import type { ExecuteCodeResponse } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { ToolFiles } from './message-attachments.tsx';

/** A run's text and the files it made, under its code block. */
export function CodeRunOutput({ output }: { output: ExecuteCodeResponse }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('codeRun.output')} className="border-t border-line bg-surface/60">
      <p className="px-4 pt-3 text-xs font-medium tracking-wide text-ink-faint uppercase">{t('codeRun.output')}</p>
      <pre className="max-h-80 overflow-auto px-4 pt-2 pb-4 font-mono text-[0.8rem] leading-relaxed whitespace-pre-wrap text-ink-soft">{output.result}</pre>
      {output.attachments.length ? (
        <div className="px-4 pb-4">
          <ToolFiles files={output.attachments} />
        </div>
      ) : null}
    </section>
  );
}
