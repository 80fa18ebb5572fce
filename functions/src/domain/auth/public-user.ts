import type { PublicUser } from '@meld/shared';
import type { UserRecord } from '../../store/user-store.ts';

/** The user as the browser may see them: no password hash, no secrets, no signup code. */
export function toPublicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    provider: user.provider,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    termsAccepted: user.termsAccepted,
    profile: user.profile,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}
