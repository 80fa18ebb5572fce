import { buildPath, routes } from '@meld/shared';
import { hashPassword } from '../../../domain/auth/passwords.ts';
import { updateCredentials } from '../../../store/user-store.ts';
import { signUpMentor } from '../../mentor-interview/interview-test-kit.ts';
import { adminOnly, type Account, type MatrixEntries, type MatrixEntry, type MatrixRequest, type MatrixWorld } from './matrix.ts';

/**
 * Every route with auth 'admin', whatever its folder. The owner's call is made by a member with the
 * MENTOR role: the admin routes refuse it with 403 as they refuse B, a USER.
 */

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${(sequence += 1)}`;

let mentorRole: Promise<Account> | undefined;
function mentorRoleMember(world: MatrixWorld): Promise<Account> {
  mentorRole ??= (async () => {
    const account = await world.newMember();
    await updateCredentials(account.userId, { role: 'MENTOR', passwordHash: await hashPassword('mentor-password-1'), updatedAt: new Date().toISOString() });
    return account;
  })();
  return mentorRole;
}

function adminRoute(request: (world: MatrixWorld) => Promise<MatrixRequest>, ok = 200): MatrixEntry {
  return { request: async (world) => ({ ...(await request(world)), owner: await mentorRoleMember(world) }), expect: adminOnly(ok) };
}

async function userInterestId(world: MatrixWorld): Promise<string> {
  const signup = await world.client.request<{ _id: string }>('POST', routes.submitUserInterest.path, {
    json: { name: 'Ada Lovelace', email: `${unique('ada').toLowerCase()}@example.com`, currentSituation: 'Taking a break', referralSource: 'A friend', motivation: 'Find my direction' },
  });
  if (signup.status !== 201) throw new Error(`User interest sign-up failed: ${signup.status} ${signup.text}`);
  return signup.json._id;
}

const bannerId = async (world: MatrixWorld) =>
  (await world.setup<{ bannerId: string }>('admin', 'POST', routes.createBanner.path, { message: '<p>Maintenance tonight</p>', isPublic: false })).bannerId;
const accessCode = async (world: MatrixWorld) => (await world.setup<{ code: string }>('admin', 'POST', routes.createAccessCode.path, { code: unique('MATRIX') })).code;
const mentorPath = async (path: string) => buildPath(path, { id: await signUpMentor() });

export const adminEntries: MatrixEntries = {
  listMentorInterest: adminRoute(async () => ({ path: routes.listMentorInterest.path })),
  listMentorAnswers: adminRoute(async () => ({ path: routes.listMentorAnswers.path })),
  updateMentorStatus: adminRoute(async () => ({ path: await mentorPath(routes.updateMentorStatus.path), json: { status: 'rejected' } })),
  generateMentorToken: adminRoute(async () => ({ path: await mentorPath(routes.generateMentorToken.path) }), 201),
  deleteMentorInterest: adminRoute(async () => ({ path: await mentorPath(routes.deleteMentorInterest.path) })),
  listUsers: adminRoute(async () => ({ path: routes.listUsers.path, query: { limit: '10', search: 'maya', role: 'USER' } })),
  updateUserRole: adminRoute(async (world) => ({ path: buildPath(routes.updateUserRole.path, { id: (await world.newMember()).userId }), json: { role: 'MENTOR' } })),
  deleteUser: adminRoute(async (world) => ({ path: buildPath(routes.deleteUser.path, { id: (await world.newMember()).userId }) })),
  listUserInterest: adminRoute(async () => ({ path: routes.listUserInterest.path })),
  deleteUserInterest: adminRoute(async (world) => ({ path: buildPath(routes.deleteUserInterest.path, { id: await userInterestId(world) }) })),
  listAccessCodes: adminRoute(async () => ({ path: routes.listAccessCodes.path })),
  createAccessCode: adminRoute(async () => ({ path: routes.createAccessCode.path, json: { code: unique('NEW'), maxUses: 5 } }), 201),
  revokeAccessCode: adminRoute(async (world) => ({ path: buildPath(routes.revokeAccessCode.path, { code: await accessCode(world) }) })),
  listBanners: adminRoute(async () => ({ path: routes.listBanners.path })),
  createBanner: adminRoute(async () => ({ path: routes.createBanner.path, json: { message: '<p>Welcome to the pilot</p>', isPublic: true } }), 201),
  updateBanner: adminRoute(async (world) => ({ path: buildPath(routes.updateBanner.path, { bannerId: await bannerId(world) }), json: { message: '<p>Moved</p>', isPublic: false } })),
  deleteBanner: adminRoute(async (world) => ({ path: buildPath(routes.deleteBanner.path, { bannerId: await bannerId(world) }) })),
  updateRolePrompts: adminRoute(async () => ({ path: buildPath(routes.updateRolePrompts.path, { role: 'MENTOR' }), json: { SHARED_GLOBAL: false } })),
  updateRoleAgents: adminRoute(async () => ({ path: buildPath(routes.updateRoleAgents.path, { role: 'MENTOR' }), json: { SHARED_GLOBAL: false } })),
};
