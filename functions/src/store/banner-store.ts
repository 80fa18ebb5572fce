import type { Banner } from '@meld/shared';
import { keys } from './keys.ts';
import { table } from './table.ts';

export async function putBanner(banner: Banner): Promise<void> {
  await table.put({ ...keys.banner(banner.displayFrom, banner.bannerId), entity: 'banner', ...banner });
}

/**
 * The newest banner that has started and not ended: one query over the BANNER partition,
 * newest start first (sort key FROM#<displayFrom>).
 */
export async function getActiveBanner(now: Date, includePrivate: boolean): Promise<Banner | null> {
  const nowIso = now.toISOString();
  const { items } = await table.query<Banner & { pk: string; sk: string; entity: string }>({
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
