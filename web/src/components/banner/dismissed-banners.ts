import { STORAGE_KEYS } from '@meld/shared';
import { local } from '@/lib/storage.ts';

export function readDismissedBanners(): string[] {
  try {
    const parsed: unknown = JSON.parse(local.get(STORAGE_KEYS.dismissedBanners) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDismissedBanner(bannerId: string): void {
  const ids = readDismissedBanners();
  if (!ids.includes(bannerId)) local.set(STORAGE_KEYS.dismissedBanners, JSON.stringify([...ids, bannerId].slice(-50)));
}
