import type { AdminBanner } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useNow } from '@/lib/use-now.ts';
import { bannersQuery, useDeleteBanner } from '../api/banner-queries.ts';
import { BannerForm } from './banner-form.tsx';
import { BannerItem } from './banner-item.tsx';
import { Count, TableEmpty, TableError, TableLoading } from './table-parts.tsx';

/** The form is closed, open for a new banner, or open on the banner being edited. */
type Editing = null | 'new' | AdminBanner;

/** Every banner, newest start first, with a form to schedule, edit or delete them. */
export function BannersTab() {
  const { t } = useTranslation();
  const banners = useQuery(bannersQuery());
  const remove = useDeleteBanner();
  const now = useNow();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.bannerId, {
      onSettled: () => setDeleting(null),
      onSuccess: () => setEditing((current) => (current !== 'new' && current?.bannerId === deleting.bannerId ? null : current)),
    });
  };

  const list = () => {
    if (banners.isPending) return <TableLoading />;
    if (banners.isError) return <TableError error={banners.error} message={t('adminBanners.loadError')} onRetry={() => void banners.refetch()} />;
    if (banners.data.length === 0) return <TableEmpty>{t('adminBanners.empty')}</TableEmpty>;
    return (
      <>
        <Count className="mb-3">{t('adminBanners.count', { count: banners.data.length })}</Count>
        <ul aria-label={t('adminBanners.listLabel')} className="flex flex-col gap-3">
          {banners.data.map((banner) => (
            <BannerItem key={banner.bannerId} banner={banner} now={now} onEdit={() => setEditing(banner)} onDelete={() => setDeleting(banner)} />
          ))}
        </ul>
      </>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-ink-soft">{t('adminBanners.intro')}</p>
        {editing === null ? <Button onClick={() => setEditing('new')}>{t('adminBanners.create')}</Button> : null}
      </div>
      {editing !== null ? <BannerForm key={editing === 'new' ? 'new' : editing.bannerId} banner={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      <div>{list()}</div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('adminBanners.confirmDelete.title')}
        body={t('adminBanners.confirmDelete.body')}
        confirmLabel={t('adminBanners.confirmDelete.confirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
