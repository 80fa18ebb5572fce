import { ADMIN_MESSAGES, ERROR_CODES, type AdminBanner, type SaveBannerBody } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { hasVisibleText, sanitiseBannerHtml } from './sanitise-banner.ts';

export interface BannerStore {
  listBanners(): Promise<AdminBanner[]>;
  /** Every stored item of the banner (normally one). */
  findBannerItems(bannerId: string): Promise<AdminBanner[]>;
  putBanner(banner: AdminBanner): Promise<void>;
  replaceBanner(previous: AdminBanner[], next: AdminBanner): Promise<void>;
  deleteBannerItems(items: AdminBanner[]): Promise<void>;
}

export interface BannerDeps {
  store: BannerStore;
  newId: () => string;
  now: Date;
}

const bannerNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, ADMIN_MESSAGES.bannerNotFound);

/** The stored fields of a saved banner: safe markup only, and a window that ends after it starts. */
function bannerFields(body: SaveBannerBody, now: Date): Pick<AdminBanner, 'message' | 'displayFrom' | 'displayTo' | 'isPublic'> {
  const message = sanitiseBannerHtml(body.message);
  if (!hasVisibleText(message)) throw new DomainError('invalid', ERROR_CODES.validation, ADMIN_MESSAGES.bannerEmpty, 'message');
  const displayFrom = body.displayFrom ?? now.toISOString();
  if (body.displayTo !== null && body.displayTo <= displayFrom) {
    throw new DomainError('invalid', ERROR_CODES.validation, ADMIN_MESSAGES.bannerWindow, 'displayTo');
  }
  return { message, displayFrom, displayTo: body.displayTo, isPublic: body.isPublic };
}

export function listBanners(store: BannerStore): Promise<AdminBanner[]> {
  return store.listBanners();
}

export async function createBanner(body: SaveBannerBody, deps: BannerDeps): Promise<AdminBanner> {
  const at = deps.now.toISOString();
  const banner: AdminBanner = { bannerId: deps.newId(), ...bannerFields(body, deps.now), createdAt: at, updatedAt: at };
  await deps.store.putBanner(banner);
  return banner;
}

/** A full replacement; moving the start moves the item (its key holds the start). */
export async function updateBanner(bannerId: string, body: SaveBannerBody, deps: Omit<BannerDeps, 'newId'>): Promise<AdminBanner> {
  const fields = bannerFields(body, deps.now);
  const items = await deps.store.findBannerItems(bannerId);
  const current = items[0];
  if (!current) throw bannerNotFound();
  const banner: AdminBanner = { bannerId, ...fields, createdAt: current.createdAt, updatedAt: deps.now.toISOString() };
  await deps.store.replaceBanner(items, banner);
  return banner;
}

export async function deleteBanner(bannerId: string, store: BannerStore): Promise<{ ok: true }> {
  const items = await store.findBannerItems(bannerId);
  if (items.length === 0) throw bannerNotFound();
  await store.deleteBannerItems(items);
  return { ok: true };
}
