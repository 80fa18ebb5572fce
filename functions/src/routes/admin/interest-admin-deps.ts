import { deleteUserInterest, listUserInterests } from '../../store/interest-store.ts';
import { createSignupCode, listSignupCodes, revokeSignupCode } from '../../store/signup-code-store.ts';

/** What the admin's sign-up and access-code routes read and write. */
export const interestAdminDeps = { listUserInterests, deleteUserInterest };
export const accessCodeDeps = { createSignupCode, listSignupCodes, revokeSignupCode };
