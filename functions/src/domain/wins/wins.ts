import { DEFAULT_WIN_EMOJI, DEFAULT_WIN_TAG, ERROR_CODES, WIN_LIMITS, type CreateWinBody, type Digest, type ListWinsResponse, type UpdateWinBody, type WinTile } from '@meld/shared';
import type { StoredWin } from '../../store/win-store.ts';
import { DomainError } from '../errors.ts';
import { localDate } from '../compass/local-time.ts';
import { saveWinText, winInteraction, type WinInteractionStore } from './win-interactions.ts';

export interface WinStore {
  putWin(userId: string, win: StoredWin, options?: { mustExist?: boolean }): Promise<boolean>;
  getWin(userId: string, winId: string): Promise<StoredWin | undefined>;
  listWins(userId: string): Promise<StoredWin[]>;
  setWinPinned(userId: string, winId: string, pinned: boolean, at: string): Promise<StoredWin | undefined>;
  recordWinShare(userId: string, winId: string, at: string): Promise<StoredWin | undefined>;
  deleteWin(userId: string, winId: string): Promise<StoredWin | undefined>;
}

export interface WinDeps {
  store: WinStore;
  interactions: WinInteractionStore;
  newId: () => string;
  now: Date;
  /** The user's zone: a win's `date` is its local day. */
  timeZone: string;
}

/** Another user's win is simply not found (ownership is in the key). */
const winNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Win not found.');

export function toTile(win: StoredWin): WinTile {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...tile } = win;
  return tile;
}

/** Every win carries the "Win" tag first (the spec's tiles always show it), then the user's own. */
function withWinTag(tags: string[] | undefined): string[] {
  const own = (tags ?? []).filter((tag) => tag.toLowerCase() !== DEFAULT_WIN_TAG.toLowerCase());
  return [DEFAULT_WIN_TAG, ...new Set(own)].slice(0, WIN_LIMITS.tagsMax);
}

export async function createWin(userId: string, body: CreateWinBody, deps: WinDeps): Promise<WinTile> {
  const at = deps.now.toISOString();
  const achievedAt = body.achievedAt ? new Date(body.achievedAt).toISOString() : at;
  const date = localDate(new Date(achievedAt), deps.timeZone);
  const title = winInteraction(deps.newId(), 'win-title', body.title, date, deps.now);
  const description = winInteraction(deps.newId(), 'win-description', body.description ?? '', date, deps.now);
  // The interactions first: a win never points at text that was not saved.
  await Promise.all([deps.interactions.insertInteraction(userId, title), deps.interactions.insertInteraction(userId, description)]);
  const win: StoredWin = {
    id: deps.newId(),
    titleInteractionId: title._id,
    descriptionInteractionId: description._id,
    achievedAt,
    date,
    title: body.title,
    description: body.description ?? '',
    tags: withWinTag(body.tags),
    emoji: body.emoji ?? DEFAULT_WIN_EMOJI,
    impact: body.impact ?? [],
    source: body.source ?? 'manual',
    isPinned: false,
    isShared: false,
    shareCount: 0,
    originalContent: body.originalContent ?? null,
    createdAt: at,
    updatedAt: at,
  };
  await deps.store.putWin(userId, win);
  return toTile(win);
}

export async function updateWin(userId: string, winId: string, body: UpdateWinBody, deps: Omit<WinDeps, 'newId'>): Promise<WinTile> {
  const current = await deps.store.getWin(userId, winId);
  if (!current) throw winNotFound();
  const achievedAt = body.achievedAt ? new Date(body.achievedAt).toISOString() : current.achievedAt;
  const next: StoredWin = {
    ...current,
    title: body.title ?? current.title,
    description: body.description ?? current.description,
    tags: body.tags ? withWinTag(body.tags) : current.tags,
    emoji: body.emoji ?? current.emoji,
    impact: body.impact ?? current.impact,
    source: body.source ?? current.source,
    originalContent: body.originalContent === undefined ? current.originalContent : body.originalContent,
    achievedAt,
    date: body.achievedAt ? localDate(new Date(achievedAt), deps.timeZone) : current.date,
    updatedAt: deps.now.toISOString(),
  };
  if (next.title !== current.title || next.date !== current.date) {
    await saveWinText(userId, current.titleInteractionId, 'win-title', next.title, next.date, deps.now, deps.interactions);
  }
  if (next.description !== current.description || next.date !== current.date) {
    await saveWinText(userId, current.descriptionInteractionId, 'win-description', next.description, next.date, deps.now, deps.interactions);
  }
  // Deleted between the read and the write: not found, never recreated.
  if (!(await deps.store.putWin(userId, next, { mustExist: true }))) throw winNotFound();
  return toTile(next);
}

export async function pinWin(userId: string, winId: string, pinned: boolean, deps: Pick<WinDeps, 'store' | 'now'>): Promise<WinTile> {
  const win = await deps.store.setWinPinned(userId, winId, pinned, deps.now.toISOString());
  if (!win) throw winNotFound();
  return toTile(win);
}

export async function shareWin(userId: string, winId: string, deps: Pick<WinDeps, 'store' | 'now'>): Promise<WinTile> {
  const win = await deps.store.recordWinShare(userId, winId, deps.now.toISOString());
  if (!win) throw winNotFound();
  return toTile(win);
}

export async function deleteWin(userId: string, winId: string, deps: Pick<WinDeps, 'store' | 'interactions'>): Promise<{ deleted: true }> {
  const deleted = await deps.store.deleteWin(userId, winId);
  if (!deleted) throw winNotFound();
  await Promise.all([deps.interactions.deleteInteraction(userId, deleted.titleInteractionId), deps.interactions.deleteInteraction(userId, deleted.descriptionInteractionId)]);
  return { deleted: true };
}

/** Pinned first, then the most recently achieved. */
function galleryOrder(a: WinTile, b: WinTile): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  return b.achievedAt.localeCompare(a.achievedAt) || a.id.localeCompare(b.id);
}

/** The month (YYYY-MM-DD's month) in review: how many wins, and up to three to preview. */
export function monthlyDigest(tiles: WinTile[], date: string): Digest {
  const month = date.slice(0, 7);
  const inMonth = tiles.filter((tile) => tile.date.startsWith(month)).sort(galleryOrder);
  return {
    month: Number(date.slice(5, 7)),
    year: Number(date.slice(0, 4)),
    tileCount: inMonth.length,
    previewTiles: inMonth.slice(0, WIN_LIMITS.digestPreviewTiles).map(({ id, emoji, title }) => ({ id, emoji, title })),
  };
}

/** `GET /api/views/wins`: the whole vault, pinned first, and the digest of `date`'s month (the route passes the user's today by default). */
export async function winsView(userId: string, date: string, deps: Pick<WinDeps, 'store'>): Promise<ListWinsResponse> {
  const tiles = (await deps.store.listWins(userId)).map(toTile).sort(galleryOrder);
  return { wins: tiles, digest: monthlyDigest(tiles, date) };
}
