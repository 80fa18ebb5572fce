import * as z from 'zod';
import { EMAIL_PATTERN, LIMITS } from '../constants.ts';
import { okSchema, requiredString } from './common.ts';
import { ACTIVELY_APPLYING_OPTIONS, CAREER_STAGE_OPTIONS, INDUSTRY_OPTIONS, INTEREST_LIMITS, INTEREST_MESSAGES, REFERRAL_SOURCE_OPTIONS, SITUATION_OPTIONS } from '../interest-constants.ts';
import type { Situation } from '../interest-constants.ts';

export { ACTIVELY_APPLYING_OPTIONS, CAREER_STAGE_OPTIONS, INDUSTRY_OPTIONS, INTEREST_LIMITS, INTEREST_MESSAGES, MENTOR_INTEREST_STATUSES, REFERRAL_SOURCE_OPTIONS, SITUATION_OPTIONS } from '../interest-constants.ts';
export type { ActivelyApplying, CareerStage, Industry, InterestMessageKey, MentorInterestStatus, ReferralSource, Situation } from '../interest-constants.ts';

/**
 * The mentor and user interest forms (spec 001 sections 3 and 5). One schema per form, parsed by
 * the server on submit and by the browser on every change, so both refuse exactly the same input.
 * Option values are the English labels: that is what is stored and what the admin lists show.
 */

const M = INTEREST_MESSAGES;

/** Optional free text: trimmed, bounded, and absent when blank. */
function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined);
}

function requiredText(message: string, max: number, label: string) {
  return requiredString(message).max(max, { error: `${label} must be at most ${max} characters` });
}

/** Trimmed and lower-cased: one address, one spelling. Blank or malformed: the same message. */
const interestEmail = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(LIMITS.emailMax, { error: `Email must be at most ${LIMITS.emailMax} characters` })
  .regex(EMAIL_PATTERN, { error: M.emailInvalid })
  .transform((email) => email.toLowerCase());

/** A pick from a list that may be left empty (the spec labels it required but does not enforce it). */
function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .union([z.enum(options, { error: message }), z.literal('')], { error: message })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

function requiredChoice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.enum(options, { error: message });
}

export const mentorInterestBody = z.object({
  firstName: requiredText(M.firstNameRequired, INTEREST_LIMITS.nameMax, 'First name'),
  lastName: optionalText(INTEREST_LIMITS.nameMax, 'Last name'),
  email: interestEmail,
  jobTitle: requiredText(M.jobTitleRequired, INTEREST_LIMITS.titleMax, 'Job title'),
  company: optionalText(INTEREST_LIMITS.titleMax, 'Company'),
  industry: optionalChoice(INDUSTRY_OPTIONS, M.industryChoice),
  careerStage: optionalChoice(CAREER_STAGE_OPTIONS, M.careerStageChoice),
});
export type MentorInterestInput = z.input<typeof mentorInterestBody>;
export type MentorInterestBody = z.output<typeof mentorInterestBody>;

/** The fields each situation asks for, beyond the ones every visitor answers. */
export const SITUATION_FIELDS = {
  'In college': ['currentSchool', 'studyingField', 'graduationYear', 'openToStudentMentorship'],
  'Recently graduated / job searching': ['studiedField', 'currentCity', 'activelyApplying'],
  'Currently working': ['jobTitle', 'company', 'workCity', 'openToMentoring'],
  'Taking a break': ['currentFocus', 'currentCity'],
  Other: ['currentFocus', 'currentCity'],
} as const satisfies Record<Situation, readonly string[]>;

/** The one field a situation cannot go without (spec 001 section 5's conditional rule). */
export const SITUATION_REQUIRED_FIELD: Partial<Record<Situation, 'currentSchool' | 'jobTitle' | 'studiedField'>> = {
  'In college': 'currentSchool',
  'Currently working': 'jobTitle',
  'Recently graduated / job searching': 'studiedField',
};

const ALWAYS_FIELDS = ['name', 'email', 'currentSituation', 'referralSource', 'referralSourceOther', 'motivation'] as const;

const userInterestFields = z.object({
  name: requiredText(M.nameRequired, INTEREST_LIMITS.nameMax, 'Name'),
  email: interestEmail,
  currentSituation: requiredChoice(SITUATION_OPTIONS, M.situationRequired),
  referralSource: requiredChoice(REFERRAL_SOURCE_OPTIONS, M.referralRequired),
  referralSourceOther: optionalText(INTEREST_LIMITS.referralOtherMax, 'Where you heard about MELD'),
  motivation: requiredText(M.motivationRequired, INTEREST_LIMITS.motivationMax, 'What you want to get out of MELD'),
  currentSchool: optionalText(INTEREST_LIMITS.titleMax, 'School'),
  studyingField: optionalText(INTEREST_LIMITS.titleMax, 'Field of study'),
  graduationYear: z
    .union([z.string().trim().regex(/^\d{4}$/, { error: M.graduationYear }), z.literal('')], { error: M.graduationYear })
    .optional()
    .transform((value) => value || undefined),
  openToStudentMentorship: z.boolean({ error: 'openToStudentMentorship must be true or false' }).optional(),
  jobTitle: optionalText(INTEREST_LIMITS.titleMax, 'Job title'),
  company: optionalText(INTEREST_LIMITS.titleMax, 'Company'),
  workCity: optionalText(INTEREST_LIMITS.placeMax, 'City'),
  openToMentoring: z.boolean({ error: 'openToMentoring must be true or false' }).optional(),
  studiedField: optionalText(INTEREST_LIMITS.titleMax, 'Field studied'),
  currentCity: optionalText(INTEREST_LIMITS.placeMax, 'City'),
  activelyApplying: optionalChoice(ACTIVELY_APPLYING_OPTIONS, M.activelyApplyingChoice),
  currentFocus: optionalText(INTEREST_LIMITS.focusMax, 'Current focus'),
});

/** The situation and its required field, parsed alone so the rule is checked even while other fields are wrong. */
const situationCheck = userInterestFields.pick({ currentSituation: true, currentSchool: true, jobTitle: true, studiedField: true });

export const userInterestBody = userInterestFields
  .refine(
    (body) => {
      const required = SITUATION_REQUIRED_FIELD[body.currentSituation];
      return !required || Boolean(body[required]);
    },
    { error: M.situationFields, path: ['currentSituation'], when: (payload) => situationCheck.safeParse(payload.value).success },
  )
  // Only the chosen situation's answers are kept: a field left over from another choice is dropped.
  .transform((body) => {
    const kept = new Set<string>([...ALWAYS_FIELDS, ...SITUATION_FIELDS[body.currentSituation]]);
    if (body.referralSource !== 'Other') kept.delete('referralSourceOther');
    return Object.fromEntries(Object.entries(body).filter(([key, value]) => kept.has(key) && value !== undefined)) as UserInterestAnswers;
  });

type UserInterestFields = z.output<typeof userInterestFields>;
/** What is stored: every answer optional except the ones all visitors give. */
export type UserInterestAnswers = Pick<UserInterestFields, 'name' | 'email' | 'currentSituation' | 'referralSource' | 'motivation'> &
  Partial<Omit<UserInterestFields, 'name' | 'email' | 'currentSituation' | 'referralSource' | 'motivation'>>;
export type UserInterestInput = z.input<typeof userInterestBody>;

export const mentorInterestResponse = okSchema.extend({ _id: z.string() });
export const userInterestResponse = z.object({ _id: z.string() });
/** Any id that names no signup is a 404, malformed or not: ids are random UUIDs and tell nothing. */
export const userInterestIdParams = z.object({ id: z.string().trim().min(1).max(100) });
export const newsletterSignupResponse = okSchema;
