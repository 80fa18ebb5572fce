import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Switch } from '@/components/ui/switch.tsx';
import { useNewChatBadges, useTemporaryChat } from '../lib/temporary-chat.ts';
import { dateFormat } from '@/lib/date-format.ts';

/** The new chat's temporary switch; absent when the operator hides it or the role may not use it. */
export function TemporaryChatToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const temporary = useTemporaryChat();
  const setBadge = useNewChatBadges();
  const labelId = useId();
  const hintId = useId();
  if (!temporary.available) return null;
  return (
    <div className={clsx('flex w-fit items-center gap-3 rounded-xl border border-line bg-surface/70 px-3 py-2', className)}>
      <Switch checked={temporary.on} onChange={setBadge} labelledBy={labelId} describedBy={hintId} />
      <div className="min-w-0 text-sm leading-snug">
        <p id={labelId} className="font-medium text-ink">
          {t('roles.temporary.toggle')}
        </p>
        <p id={hintId} className="text-ink-faint">
          {t('roles.temporary.hint')}
        </p>
      </div>
    </div>
  );
}

/** The "Temporary" pill on a temporary conversation, saying when it goes. */
export function TemporaryMarker({ expiredAt }: { expiredAt: string }) {
  const { t, i18n } = useTranslation();
  const date = dateFormat(i18n.language, { dateStyle: 'long' }).format(new Date(expiredAt));
  const hint = t('roles.temporary.markerHint', { date });
  return (
    <span title={hint} className="inline-flex items-center gap-1.5 rounded-full border border-accent/30 bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-strong">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
      <span>{t('roles.temporary.marker')}</span>
      <span className="sr-only">{hint}</span>
    </span>
  );
}
