import { ERROR_CODES, PROMPT_CATEGORIES, type PromptCategory, type PromptGroup } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { groupNotFound, readableGroup, type PromptActor, type PromptStore } from './access.ts';

/** The actor's own groups and everyone's shared ones, once each, most recently changed first. */
async function usableGroups(actor: PromptActor, store: PromptStore): Promise<PromptGroup[]> {
  const [own, shared] = await Promise.all([store.listOwnGroups(actor.userId), store.listSharedGroups()]);
  const byId = new Map(own.map((group) => [group.groupId, group]));
  for (const group of shared) if (!byId.has(group.groupId)) byId.set(group.groupId, group);
  return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.groupId.localeCompare(b.groupId));
}

/** The cursor is the offset of the next page in the filtered list (both lists are bounded). */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,6}$/.test(cursor)) throw new DomainError('invalid', ERROR_CODES.validation, 'cursor is not valid', 'cursor');
  return Number(cursor);
}

export interface ListGroupsInput {
  name?: string | undefined;
  category?: PromptCategory | undefined;
  pageSize: number;
  cursor?: string | undefined;
}

/** A page of the groups the actor may use, filtered by a name fragment and a category. */
export async function listGroups(actor: PromptActor, input: ListGroupsInput, store: PromptStore): Promise<{ promptGroups: PromptGroup[]; nextCursor: string | null }> {
  await actor.require('USE');
  const offset = offsetOf(input.cursor);
  const needle = input.name?.toLowerCase();
  const matching = (await usableGroups(actor, store)).filter(
    (group) => (!needle || group.name.toLowerCase().includes(needle)) && (!input.category || group.category === input.category),
  );
  const end = offset + input.pageSize;
  return { promptGroups: matching.slice(offset, end), nextCursor: end < matching.length ? String(end) : null };
}

export async function getGroup(actor: PromptActor, groupId: string, store: PromptStore): Promise<PromptGroup> {
  await actor.require('USE');
  return readableGroup(actor, groupId, store);
}

/** The actor used a group (their own or a shared one): one more generation on it. */
export async function recordUse(actor: PromptActor, groupId: string, store: PromptStore): Promise<PromptGroup> {
  await actor.require('USE');
  const group = await readableGroup(actor, groupId, store);
  const counted = await store.countGeneration(group.author, group.groupId);
  if (!counted) throw groupNotFound();
  return counted;
}

/** Everything the actor may insert with the slash command. */
export async function listAllGroups(actor: PromptActor, store: PromptStore): Promise<PromptGroup[]> {
  await actor.require('USE');
  return usableGroups(actor, store);
}

/** A string's 32-bit FNV-1a hash: the seed of the day's shuffle. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

/**
 * Shared groups for discovery, in an order shuffled once per UTC day: random to the eye, yet
 * stable while someone pages through it with skip.
 */
export async function randomGroups(actor: PromptActor, input: { limit: number; skip: number }, store: PromptStore, now: Date): Promise<{ prompts: PromptGroup[] }> {
  await actor.require('USE');
  const day = now.toISOString().slice(0, 10);
  const shuffled = (await store.listSharedGroups())
    .map((group) => ({ group, rank: hash(`${day}#${group.groupId}`) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ group }) => group);
  return { prompts: shuffled.slice(input.skip, input.skip + input.limit) };
}

const CATEGORY_LABELS: Record<PromptCategory, string> = {
  idea: 'Idea',
  travel: 'Travel',
  teach_or_explain: 'Teach or explain',
  write: 'Write',
  shop: 'Shop',
  code: 'Code',
  misc: 'Miscellaneous',
  roleplay: 'Roleplay',
  finance: 'Finance',
};

export function listCategories(): { label: string; value: PromptCategory }[] {
  return PROMPT_CATEGORIES.map((value) => ({ label: CATEGORY_LABELS[value], value }));
}
