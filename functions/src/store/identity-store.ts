import { keys } from './keys.ts';
import { table } from './table.ts';

/** A provider's account (its subject) linked to a Meld user, so later sign-ins need no e-mail match. */
export interface IdentityLink {
  provider: string;
  subject: string;
  userId: string;
  linkedAt: string;
}

export async function getIdentityLink(provider: string, subject: string): Promise<IdentityLink | undefined> {
  const item = await table.get<IdentityLink>(keys.identity(provider, subject));
  return item ? { provider: item.provider, subject: item.subject, userId: item.userId, linkedAt: item.linkedAt } : undefined;
}

/** Writes or replaces the link: a link left by a deleted account is simply overwritten. */
export async function putIdentityLink(link: IdentityLink): Promise<void> {
  await table.put({ ...keys.identity(link.provider, link.subject), entity: 'identity', ...link });
}
