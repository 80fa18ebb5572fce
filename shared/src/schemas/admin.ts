import * as z from 'zod';
import { ROLES } from '../constants.ts';
import { roleSchema } from './common.ts';
import { bannerSchema } from './config.ts';
import { ADMIN_LIMITS } from '../admin-constants.ts';

export { ADMIN_LIMITS, ADMIN_MESSAGES } from '../admin-constants.ts';

/**
 * The admin panel's contract (issue 9, spec 002 "Me / Admin page" and section 7 "Admin"): platform
 * users, interest sign-ups, and, beyond the prototype, pilot access codes and banners.
 */

// ---- Platform users ----

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  provider: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const positiveInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label} must be at least 1` })
    .max(max, { error: `${label} must be at most ${max}` });

/**
 * GET /api/user/all. `cursor` continues where the last page stopped (the table's way); `page` is
 * the prototype's numbered pages over the same order, newest account first.
 */
export const listUsersQuery = z.object({
  page: positiveInt('page', 100_000).optional(),
  limit: positiveInt('limit', ADMIN_LIMITS.usersPageMax).optional(),
  search: z
    .string()
    .trim()
    .max(ADMIN_LIMITS.searchMax, { error: `search must be at most ${ADMIN_LIMITS.searchMax} characters` })
    .optional()
    .transform((value) => value || undefined),
  role: z
    .union([roleSchema, z.literal(''), z.literal('all')], { error: `role must be one of ${ROLES.join(', ')}` })
    .optional()
    .transform((value) => (value === '' || value === 'all' ? undefined : value)),
  cursor: z.string().max(2000).optional(),
});
export const listUsersResponse = z.object({
  users: z.array(adminUserSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  page: z.int(),
  limit: z.int(),
});
export type ListUsersResponse = z.infer<typeof listUsersResponse>;

export const adminUserIdParams = z.object({ id: z.string().trim().min(1).max(100) });
export const updateUserRoleBody = z.object({ role: roleSchema }).strict();
export const deleteUserResponse = z.object({ message: z.string() });

// ---- User interest sign-ups ----

/** A sign-up as the admin table shows it: the visitor's answers, and where the newsletter step stands. */
export const userInterestAdminSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  currentSituation: z.string(),
  currentSchool: z.string().optional(),
  studyingField: z.string().optional(),
  graduationYear: z.string().optional(),
  openToStudentMentorship: z.boolean().optional(),
  jobTitle: z.string().optional(),
  company: z.string().optional(),
  workCity: z.string().optional(),
  openToMentoring: z.boolean().optional(),
  studiedField: z.string().optional(),
  currentCity: z.string().optional(),
  activelyApplying: z.string().optional(),
  currentFocus: z.string().optional(),
  referralSource: z.string(),
  referralSourceOther: z.string().optional(),
  motivation: z.string(),
  /** True once the visitor confirmed the newsletter step, or an admin marked them subscribed. */
  newsletterSubscription: z.boolean(),
  newsletterSignedUpAt: z.string().nullable(),
  createdAt: z.string(),
  /** The first sign-up with the same e-mail when this one repeats it. */
  repeatOf: z.string().nullable(),
});
export type UserInterestAdmin = z.infer<typeof userInterestAdminSchema>;
export const listUserInterestResponse = z.array(userInterestAdminSchema);
export const adminDeleteResponse = z.object({ ok: z.literal(true) });

// ---- Pilot access codes ----

export const ACCESS_CODE_STATUSES = ['active', 'revoked', 'expired', 'used up'] as const;
export type AccessCodeStatus = (typeof ACCESS_CODE_STATUSES)[number];

export const accessCodeSchema = z.object({
  code: z.string(),
  status: z.enum(ACCESS_CODE_STATUSES),
  uses: z.int(),
  /** Null: any number of registrations. */
  maxUses: z.int().nullable(),
  /** ISO instant after which the code no longer opens registration; null: no end. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type AccessCode = z.infer<typeof accessCodeSchema>;
export const listAccessCodesResponse = z.array(accessCodeSchema);

const isoInstant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }).transform((value) => new Date(value).toISOString());

export const createAccessCodeBody = z
  .object({
    /** Blank: the server makes one (PILOT-XXXXXX). Letters, digits and dashes; stored upper-cased. */
    code: z
      .string({ error: 'code must be text' })
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || new RegExp(`^[A-Z0-9][A-Z0-9-]{${ADMIN_LIMITS.accessCodeMin - 1},${ADMIN_LIMITS.accessCodeMax - 1}}$`).test(value), {
        error: `The code must be ${ADMIN_LIMITS.accessCodeMin} to ${ADMIN_LIMITS.accessCodeMax} letters, digits or dashes`,
      })
      .optional()
      .transform((value) => value || undefined),
    maxUses: z
      .int({ error: 'maxUses must be a whole number' })
      .min(1, { error: 'maxUses must be at least 1' })
      .max(ADMIN_LIMITS.accessCodeUsesMax, { error: `maxUses must be at most ${ADMIN_LIMITS.accessCodeUsesMax}` })
      .nullable()
      .default(null),
    expiresAt: isoInstant('expiresAt').nullable().default(null),
  })
  .strict();
export type CreateAccessCodeBody = z.output<typeof createAccessCodeBody>;
export const accessCodeParams = z.object({ code: z.string().trim().min(1).max(64).toUpperCase() });

// ---- Banners ----

/** A banner as admins see it: the public shape plus when it was written. */
export const adminBannerSchema = bannerSchema.extend({ createdAt: z.string(), updatedAt: z.string() });
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const listBannersResponse = z.array(adminBannerSchema);

export const saveBannerBody = z
  .object({
    /** HTML; the server keeps only safe markup (links, emphasis, lists) before storing it. */
    message: z
      .string({ error: 'message must be text' })
      .trim()
      .min(1, { error: 'The banner needs a message' })
      .max(ADMIN_LIMITS.bannerMessageMax, { error: `The banner message must be at most ${ADMIN_LIMITS.bannerMessageMax} characters` }),
    /** Absent: from now. */
    displayFrom: isoInstant('displayFrom').optional(),
    displayTo: isoInstant('displayTo').nullable().default(null),
    /** Public banners show on the sign-in pages too; others only to signed-in members. */
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(false),
  })
  .strict();
export type SaveBannerBody = z.output<typeof saveBannerBody>;
export const bannerIdParams = z.object({ bannerId: z.string().trim().min(1).max(100) });
