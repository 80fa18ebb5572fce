import type { StoredVersion } from '../domain/north-star/north-star.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

type VersionItem = StoredVersion & Keys & { entity: 'northStarVersion' };

function fromItem(item: VersionItem): StoredVersion {
  const { pk: _pk, sk: _sk, entity: _entity, ...version } = item;
  return version;
}

export async function putVersion(userId: string, version: StoredVersion): Promise<void> {
  await table.put({ ...version, ...keys.northStarVersion(userId, version.id), entity: 'northStarVersion' }, { ConditionExpression: 'attribute_not_exists(pk)' });
}

export async function getVersion(userId: string, versionId: string, consistent = false): Promise<StoredVersion | undefined> {
  const item = await table.get<VersionItem>(keys.northStarVersion(userId, versionId), consistent);
  return item ? fromItem(item) : undefined;
}

/** The newest versions first: one query (version ids sort by creation). */
export async function latestVersions(userId: string, limit: number): Promise<StoredVersion[]> {
  const { items } = await table.query<VersionItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.northStarVersionPrefix },
    ScanIndexForward: false,
    Limit: limit,
  });
  return items.map(fromItem);
}

/** Read, change, put back conditioned on the `updatedAt` read; again when another edit came in between. */
export async function updateVersion(userId: string, versionId: string, change: (current: StoredVersion) => StoredVersion): Promise<StoredVersion | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getVersion(userId, versionId, attempt > 0);
    if (!current) return undefined;
    const next = change(current);
    try {
      await table.put(
        { ...next, ...keys.northStarVersion(userId, versionId), entity: 'northStarVersion' },
        { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': current.updatedAt } },
      );
      return next;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  throw new Error(`Narrative version ${versionId} kept changing while being updated`);
}
