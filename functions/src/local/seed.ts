import type { AppConfig } from '@meld/shared';
import { hashPassword } from '../domain/auth/passwords.ts';
import { newId } from '../domain/auth/tokens.ts';
import { putBanner } from '../store/banner-store.ts';
import { ensureSignupCode } from '../store/signup-code-store.ts';
import { backfillUsersList, createUser, findUserIdByEmail, updateCredentials } from '../store/user-store.ts';

export const DEFAULT_LOCAL_SIGNUP_CODE = 'PILOT-LOCAL';

/**
 * Seeds what the environment asks for; safe to run on every start. MELD_SIGNUP_CODES adds
 * pilot codes (never resetting their use counts); MELD_ADMIN_EMAIL and MELD_ADMIN_PASSWORD
 * create the admin, or make that account an admin with that password.
 */
export async function seed(config: AppConfig, environment: NodeJS.ProcessEnv = process.env, now = new Date()): Promise<string[]> {
  const log: string[] = [];
  const codes = (environment.MELD_SIGNUP_CODES ?? DEFAULT_LOCAL_SIGNUP_CODE)
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  for (const code of codes) {
    const added = await ensureSignupCode({ code, active: true, maxUses: null, uses: 0, createdAt: now.toISOString() });
    log.push(`Signup code ${code}: ${added ? 'added' : 'already present'}`);
  }

  const adminEmail = environment.MELD_ADMIN_EMAIL?.trim();
  const adminPassword = environment.MELD_ADMIN_PASSWORD;
  if (adminEmail && adminPassword) log.push(await seedAdmin(adminEmail, adminPassword, now));

  // Profiles from before the admin's users list (a persisted data dir) join it: one scan at start.
  const listed = await backfillUsersList();
  if (listed > 0) log.push(`Users list: ${listed} earlier profile(s) added`);

  if (config.banner) {
    await putBanner(config.banner);
    log.push(`Banner ${config.banner.bannerId}: published`);
  }
  return log;
}

async function seedAdmin(email: string, password: string, now: Date): Promise<string> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserIdByEmail(email);
  if (existing) {
    await updateCredentials(existing, { role: 'ADMIN', passwordHash, updatedAt: now.toISOString() });
    return `Admin ${email}: updated`;
  }
  await createUser({
    id: newId(),
    name: 'Administrator',
    username: email.split('@')[0]!.toLowerCase(),
    email,
    passwordHash,
    role: 'ADMIN',
    provider: 'local',
    emailVerified: true,
    twoFactorEnabled: false,
    termsAccepted: true,
    avatar: null,
    profile: { whyHere: '', lifeArena: '', identitySegment: '', currentBlock: '' },
    signupCode: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    lastLogin: null,
  });
  return `Admin ${email}: created`;
}
