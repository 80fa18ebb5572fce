import type { AdminBanner } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { bannerStatus, type BannerStatus } from '../lib/banner-window.ts';
import { formatDateTime } from '../lib/format.ts';
import { BannerMessage } from './banner-message.tsx';
import { Badge, type BadgeTone } from './status-badge.tsx';

const statusTones: Record<BannerStatus, BadgeTone> = { scheduled: 'progress', live: 'done', ended: 'neutral' };

interface BannerItemProps {
  banner: AdminBanner;
  now: Date;
  onEdit: () => void;
  onDelete: () => void;
}

/** One banner: where its window stands, who sees it, the message as it renders, and its actions. */
export function BannerItem({ banner, now, onEdit, onDelete }: BannerItemProps) {
  const { t, i18n } = useTranslation();
  const status = bannerStatus(banner, now);
  const from = formatDateTime(banner.displayFrom, i18n.language);
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-soft sm:p-5" data-status={status}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTones[status]} label={t(`adminBanners.status.${status}`)} />
        <Badge tone="neutral" label={t(banner.isPublic ? 'adminBanners.audience.public' : 'adminBanners.audience.members')} />
        <p className="text-sm text-ink-soft">
          {t('adminBanners.window.from', { date: from })}
          {' · '}
          {banner.displayTo ? t('adminBanners.window.until', { date: formatDateTime(banner.displayTo, i18n.language) }) : t('adminBanners.window.noEnd')}
        </p>
      </div>
      {/* An ended banner no longer shows anywhere: its message steps back from the warm bar colour. */}
      <BannerMessage html={banner.message} className={clsx('mt-3 rounded-xl px-4 py-3', status === 'ended' ? 'bg-sunken text-ink-soft' : 'bg-warning-soft text-ink')} />
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t('adminBanners.actions.editLabel', { date: from })}>
          {t('adminBanners.actions.edit')}
        </Button>
        <Button variant="ghost" size="sm" className="text-danger hover:text-danger" onClick={onDelete} aria-label={t('adminBanners.actions.deleteLabel', { date: from })}>
          {t('adminBanners.actions.delete')}
        </Button>
      </div>
    </li>
  );
}
