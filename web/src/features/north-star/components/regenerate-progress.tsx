import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useNow } from '@/lib/use-now.ts';

/** How long the coach usually takes; the bar eases toward it and waits at 95% for the answer. */
const EXPECTED_MS = 25_000;

/** While the coach writes a new version: what is happening and a bar that moves. */
export function RegenerateProgress() {
  const { t } = useTranslation();
  const [startedAt] = useState(() => Date.now());
  const now = useNow(500);
  const percent = Math.min(95, Math.round((100 * (now.getTime() - startedAt)) / EXPECTED_MS));
  return (
    <div role="status" className="rounded-2xl border border-line bg-surface px-5 py-4 shadow-soft">
      <p className="font-medium text-ink">{t('northStar.actions.regenerating')}</p>
      <p className="mt-0.5 text-sm text-ink-soft">{t('northStar.actions.regeneratingNote')}</p>
      <ProgressBar className="mt-3" value={percent} max={100} label={t('northStar.actions.regenerating')} />
    </div>
  );
}
