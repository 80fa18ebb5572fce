import type { AdminBanner } from '@meld/shared';

export type BannerStatus = 'scheduled' | 'live' | 'ended';

/** Where a banner's window stands at `now`: the server shows only live ones. */
export function bannerStatus(banner: Pick<AdminBanner, 'displayFrom' | 'displayTo'>, now: Date): BannerStatus {
  const at = now.getTime();
  if (banner.displayTo !== null && Date.parse(banner.displayTo) <= at) return 'ended';
  return Date.parse(banner.displayFrom) > at ? 'scheduled' : 'live';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input's value ("2026-11-22T14:05") in the admin's own time zone. */
export function toLocalInput(iso: string | Date): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read in the admin's time zone, as the ISO instant the API takes; null when blank or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  // A date and time without an offset is local time (ECMAScript Date parsing).
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
