import type { AdminBanner, Banner } from '@meld/shared';
import { keys } from './keys.ts';
import { table } from './table.ts';

type BannerItem = Banner & Partial<Pick<AdminBanner, 'createdAt' | 'updatedAt'>> & { pk: string; sk: string; entity: string };

const keyOf = (banner: Pick<Banner, 'displayFrom' | 'bannerId'>) => keys.banner(banner.displayFrom, banner.bannerId);

/** The config file's banner is seeded without timestamps; its start stands in for them. */
function toAdminBanner(item: BannerItem): AdminBanner {
  const { bannerId, message, displayFrom, displayTo, isPublic } = item;
  return { bannerId, message, displayFrom, displayTo, isPublic, createdAt: item.createdAt ?? displayFrom, updatedAt: item.updatedAt ?? item.createdAt ?? displayFrom };
}

export async function putBanner(banner: Banner | AdminBanner): Promise<void> {
  await table.put({ ...keyOf(banner), entity: 'banner', ...banner });
}

/** Every banner, newest start first: the partition holds a handful, so the admin list reads it whole. */
export async function listBanners(): Promise<AdminBanner[]> {
  const items = await table.queryAll<BannerItem>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.bannerPartition },
    ScanIndexForward: false,
  });
  return items.map(toAdminBanner);
}

/**
 * Every stored item of one banner. The sort key starts with the banner's start, so the id is a
 * filter over the (small) partition; normally one item, but a restart that re-seeds the config's
 * banner after an admin moved it leaves two, and edits and deletes must reach both.
 */
export async function findBannerItems(bannerId: string): Promise<AdminBanner[]> {
  const items = await table.queryAll<BannerItem>({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'bannerId = :id',
    ExpressionAttributeValues: { ':pk': keys.bannerPartition, ':id': bannerId },
    ScanIndexForward: false,
  });
  return items.map(toAdminBanner);
}

/** Writes the new item first, then removes the old ones whose key it no longer has (no transactions: decision 0001). */
export async function replaceBanner(previous: AdminBanner[], next: AdminBanner): Promise<void> {
  await putBanner(next);
  const nextSk = keyOf(next).sk;
  await Promise.all(previous.filter((item) => keyOf(item).sk !== nextSk).map((item) => table.delete(keyOf(item))));
}

export async function deleteBannerItems(items: AdminBanner[]): Promise<void> {
  await Promise.all(items.map((item) => table.delete(keyOf(item))));
}

/**
 * The newest banner that has started and not ended: one query over the BANNER partition,
 * newest start first (sort key FROM#<displayFrom>).
 */
export async function getActiveBanner(now: Date, includePrivate: boolean): Promise<Banner | null> {
  const nowIso = now.toISOString();
  const { items } = await table.query<BannerItem>({
    KeyConditionExpression: 'pk = :pk AND sk <= :upper',
    ExpressionAttributeValues: { ':pk': keys.bannerPartition, ':upper': `FROM#${nowIso}~` },
    ScanIndexForward: false,
    Limit: 20,
  });
  const active = items.find((item) => (item.displayTo === null || item.displayTo > nowIso) && (includePrivate || item.isPublic));
  if (!active) return null;
  const { bannerId, message, displayFrom, displayTo, isPublic } = active;
  return { bannerId, message, displayFrom, displayTo, isPublic };
}
