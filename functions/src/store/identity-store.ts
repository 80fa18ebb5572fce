import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

/** A provider's account (its subject) linked to a Meld user, so later sign-ins need no e-mail match. */
export interface IdentityLink {
  provider: string;
  subject: string;
  userId: string;
  linkedAt: string;
}

export async function getIdentityLink(provider: string, subject: string, consistent = false): Promise<IdentityLink | undefined> {
  const item = await table.get<IdentityLink>(keys.identity(provider, subject), consistent);
  return item ? { provider: item.provider, subject: item.subject, userId: item.userId, linkedAt: item.linkedAt } : undefined;
}

/**
 * Writes or replaces the link (one left by a deleted account is simply overwritten). Its reference
 * in the user's partition goes first, so no link exists that deleting the account would miss.
 */
export async function putIdentityLink(link: IdentityLink): Promise<void> {
  await table.put({ ...keys.identityRef(link.userId, link.provider, link.subject), entity: 'identityRef', provider: link.provider, subject: link.subject });
  await table.put({ ...keys.identity(link.provider, link.subject), entity: 'identity', ...link });
}

/**
 * Removes every link that still points at the user. Deleting an account leaves the references to
 * go with the partition; a password reset (`withReferences`) removes them too.
 */
export async function releaseIdentityLinks(userId: string, options: { withReferences?: boolean } = {}): Promise<number> {
  const refs = await table.queryAll<{ provider: string; subject: string }>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.identityRefPrefix },
  });
  for (const ref of refs) {
    try {
      await table.delete(keys.identity(ref.provider, ref.subject), { ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': userId } });
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    if (options.withReferences) await table.delete(keys.identityRef(userId, ref.provider, ref.subject));
  }
  return refs.length;
}

/** Removes one link of the user's (and its reference); a link that names someone else stays. */
export async function releaseIdentityLink(userId: string, provider: string, subject: string): Promise<void> {
  try {
    await table.delete(keys.identity(provider, subject), { ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': userId } });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  await table.delete(keys.identityRef(userId, provider, subject));
}
