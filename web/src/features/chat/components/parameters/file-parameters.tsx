import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import type { EditableSettings } from '../../lib/composer-settings.ts';

const DETAILS = ['auto', 'low', 'high'] as const;

/** How attached files reach the model: the image detail (spec 000 section 9) and whether earlier files go again. */
export function FileParameters({ settings, onChange }: { settings: EditableSettings; onChange: (change: Partial<EditableSettings>) => void }) {
  const { t } = useTranslation();
  const ids = { detail: useId(), resend: useId() };
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.detail} className="text-sm font-medium text-ink">
          {t('attachments.parameters.imageDetail')}
        </label>
        <select
          id={ids.detail}
          value={settings.imageDetail ?? 'auto'}
          onChange={(event) => onChange({ imageDetail: event.target.value as (typeof DETAILS)[number] })}
          className="h-9 w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none"
        >
          {DETAILS.map((detail) => (
            <option key={detail} value={detail}>
              {t(`attachments.parameters.detail.${detail}`)}
            </option>
          ))}
        </select>
        <p className="text-xs text-ink-faint">{t('attachments.parameters.imageDetailHint')}</p>
      </div>
      <label htmlFor={ids.resend} className="flex cursor-pointer items-start justify-between gap-3">
        <span>
          <span className="block text-sm font-medium text-ink">{t('attachments.parameters.resendFiles')}</span>
          <span className="block text-xs text-ink-faint">{t('attachments.parameters.resendFilesHint')}</span>
        </span>
        <input id={ids.resend} type="checkbox" checked={settings.resendFiles ?? true} onChange={(event) => onChange({ resendFiles: event.target.checked })} className="mt-1 size-4 accent-[var(--accent)]" />
      </label>
    </>
  );
}
