import { PROMPT_GLOBAL_PROJECT_ID, type Prompt, type PromptGroup } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/**
 * The prompt library's items (decision 0024). A group and its versions live in the author's
 * partition; a shared group also carries the global list's keys (gsi2) and its id lookup (gsi3).
 */
type StoredGroup = PromptGroup & Keys & { entity: 'promptGroup' };
type StoredVersion = Prompt & Keys & { entity: 'prompt' };

function groupFromItem(item: StoredGroup): PromptGroup {
  const { pk: _pk, sk: _sk, entity: _entity, gsi2pk: _g2p, gsi2sk: _g2s, gsi3pk: _g3p, gsi3sk: _g3s, ...group } = item as StoredGroup & Record<string, unknown>;
  return group as PromptGroup;
}

function versionFromItem(item: StoredVersion): Prompt {
  const { pk: _pk, sk: _sk, entity: _entity, gsi1pk: _g1p, gsi1sk: _g1s, ...version } = item as StoredVersion & Record<string, unknown>;
  return version as Prompt;
}

export const isShared = (group: Pick<PromptGroup, 'projectIds'>) => group.projectIds.includes(PROMPT_GLOBAL_PROJECT_ID);

function sharedKeys(group: PromptGroup) {
  return { gsi2pk: keys.globalPromptGroupList, gsi2sk: `${group.updatedAt}#${group.groupId}`, gsi3pk: keys.sharedPromptGroupId(group.groupId), gsi3sk: 'GROUP' };
}

function groupItem(group: PromptGroup) {
  return { ...group, ...keys.promptGroup(group.author, group.groupId), entity: 'promptGroup', ...(isShared(group) ? sharedKeys(group) : {}) };
}

/** The user's own group: one consistent GetItem. */
export async function getOwnGroup(userId: string, groupId: string): Promise<PromptGroup | undefined> {
  const item = await table.get<StoredGroup>(keys.promptGroup(userId, groupId), true);
  return item ? groupFromItem(item) : undefined;
}

/**
 * Anyone's group when it is shared. The shared index finds its author; the group is then read from
 * the author's partition, consistently: the index is eventually consistent, and its copy may be a
 * second old (an edit, a use just counted) or still shared after the author stopped sharing it.
 */
export async function getSharedGroup(groupId: string): Promise<PromptGroup | undefined> {
  const { items } = await table.query<Pick<StoredGroup, 'author'>>({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sharedPromptGroupId(groupId) },
    ProjectionExpression: 'author',
    Limit: 1,
  });
  const author = items[0]?.author;
  const group = author ? await getOwnGroup(author, groupId) : undefined;
  return group && isShared(group) ? group : undefined;
}

export async function listOwnGroups(userId: string): Promise<PromptGroup[]> {
  const items = await table.queryAll<StoredGroup>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.promptGroupPrefix },
  });
  return items.map(groupFromItem);
}

export async function countOwnGroups(userId: string): Promise<number> {
  const { items } = await table.query<Keys>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.promptGroupPrefix },
    ProjectionExpression: 'pk, sk',
  });
  return items.length;
}

/** Every globally shared group, newest change first. */
export async function listSharedGroups(): Promise<PromptGroup[]> {
  const items = await table.queryAll<StoredGroup>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.globalPromptGroupList },
    ScanIndexForward: false,
  });
  return items.map(groupFromItem);
}

/** Writes a new group; false when one with that id exists. */
export async function createGroup(group: PromptGroup): Promise<boolean> {
  try {
    await table.put(groupItem(group), { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Writes the group back whole, keeping the shared index in step with its projectIds; the
 * generations counter is left to its atomic ADD. False when the group is gone.
 */
export async function saveGroup(group: PromptGroup): Promise<boolean> {
  const { numberOfGenerations: _count, ...fields } = group;
  const shared = isShared(group);
  const sets: Record<string, unknown> = { ...fields, ...(shared ? sharedKeys(group) : {}) };
  delete sets.groupId;
  delete sets.author;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const assignments = Object.entries(sets).map(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:v${index}`] = value;
    return `#f${index} = :v${index}`;
  });
  const removals = shared ? '' : ' REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk';
  try {
    await table.update(keys.promptGroup(group.author, group.groupId), {
      UpdateExpression: `SET ${assignments.join(', ')}${removals}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Counts one more use of the group (an atomic ADD); undefined when the group is gone. */
export async function countGeneration(author: string, groupId: string): Promise<PromptGroup | undefined> {
  try {
    const item = await table.update<StoredGroup>(keys.promptGroup(author, groupId), {
      UpdateExpression: 'ADD numberOfGenerations :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    });
    return item ? groupFromItem(item) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The group item and every version of it. */
export async function deleteGroup(author: string, groupId: string): Promise<void> {
  const versions = await table.queryAll<Keys>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(author), ':prefix': keys.promptVersionPrefix(groupId) },
    ProjectionExpression: 'pk, sk',
  });
  // The group goes first: a failure part-way leaves unreachable versions, never a group missing its text.
  await table.delete(keys.promptGroup(author, groupId));
  const promptIds = versions.map((version) => version.sk.slice(keys.promptVersionPrefix(groupId).length));
  await table.batchWrite([], [...versions, ...promptIds.map((promptId) => keys.ownPromptVersion(author, promptId))]);
}

/** The version, and its author's lookup of it by id (one batch call). */
export async function putVersion(version: Prompt): Promise<void> {
  await table.batchWrite([
    { ...version, ...keys.promptVersion(version.author, version.groupId, version.promptId), entity: 'prompt', gsi1pk: keys.promptVersionId(version.promptId), gsi1sk: 'VERSION' },
    { ...keys.ownPromptVersion(version.author, version.promptId), entity: 'promptVersionLookup', groupId: version.groupId },
  ]);
}

/**
 * A version by id alone, as stored now. The actor's own version is found by their lookup of it,
 * read consistently (a version made a moment ago may not be in gsi1 yet); anyone else's, and one
 * of the actor's made before lookups were kept, through gsi1, which names where it lives. Either
 * way the version itself is read consistently, so a version deleted a moment ago is not found.
 */
export async function findVersion(promptId: string, actorId: string): Promise<Prompt | undefined> {
  const own = await table.get<{ groupId: string }>(keys.ownPromptVersion(actorId, promptId), true, ['groupId']);
  const where = own
    ? { author: actorId, groupId: own.groupId }
    : (
        await table.query<Pick<StoredVersion, 'author' | 'groupId'>>({
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.promptVersionId(promptId) },
          ProjectionExpression: 'author, groupId',
          Limit: 1,
        })
      ).items[0];
  if (!where) return undefined;
  const item = await table.get<StoredVersion>(keys.promptVersion(where.author, where.groupId, promptId), true);
  return item ? versionFromItem(item) : undefined;
}

/** A group's versions, newest first. */
export async function listVersions(author: string, groupId: string): Promise<Prompt[]> {
  const items = await table.queryAll<StoredVersion>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(author), ':prefix': keys.promptVersionPrefix(groupId) },
    ConsistentRead: true,
  });
  return items.map(versionFromItem).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.promptId.localeCompare(a.promptId));
}

/** Replaces a version's labels; undefined when the version is gone. */
export async function setVersionLabels(version: Prompt, labels: string[], updatedAt: string): Promise<Prompt | undefined> {
  try {
    const item = await table.update<StoredVersion>(keys.promptVersion(version.author, version.groupId, version.promptId), {
      UpdateExpression: 'SET labels = :labels, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':labels': labels, ':at': updatedAt },
      ReturnValues: 'ALL_NEW',
    });
    return item ? versionFromItem(item) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

export async function deleteVersion(version: Prompt): Promise<void> {
  await table.batchWrite([], [keys.promptVersion(version.author, version.groupId, version.promptId), keys.ownPromptVersion(version.author, version.promptId)]);
}

/** Claims a command for a group; false when another of the user's groups holds it. */
export async function claimCommand(userId: string, command: string, groupId: string): Promise<boolean> {
  try {
    await table.put(
      { ...keys.promptCommand(userId, command), entity: 'promptCommand', groupId },
      { ConditionExpression: 'attribute_not_exists(pk) OR groupId = :groupId', ExpressionAttributeValues: { ':groupId': groupId } },
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Releases a command only while this group still holds it. */
export async function releaseCommand(userId: string, command: string, groupId: string): Promise<void> {
  try {
    await table.delete(keys.promptCommand(userId, command), { ConditionExpression: 'groupId = :groupId', ExpressionAttributeValues: { ':groupId': groupId } });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
