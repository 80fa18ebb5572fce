// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).
import { LIMITS } from './constants.ts';

export const INDUSTRY_OPTIONS = [
  'Consulting & Professional Services',
  'Agriculture & Food',
  'Architecture & Construction',
  'Arts & Entertainment',
  'Automotive & Transportation',
  'Banking & Financial Services',
  'Education',
  'Energy & Utilities',
  'Fashion & Retail',
  'Government & Public Policy',
  'Healthcare & Life Sciences',
  'Hospitality & Tourism',
  'Human Resources & Recruiting',
  'Insurance',
  'Law & Legal Services',
  'Manufacturing',
  'Marketing & Advertising',
  'Media & Journalism',
  'Non-profit & Social Impact',
  'Real Estate',
  'Research & Academia',
  'Sales & Business Development',
  'Sports & Recreation',
  'Telecommunications',
  'Technology',
  'Other',
] as const;
export type Industry = (typeof INDUSTRY_OPTIONS)[number];

export const CAREER_STAGE_OPTIONS = [
  'Student',
  'Recent Graduate',
  'Early-career (0-5 years)',
  'Mid-career (5-15 years)',
  'Senior-career (15+ years)',
  'Career Change / Transition',
  'Retired',
] as const;
export type CareerStage = (typeof CAREER_STAGE_OPTIONS)[number];

export const SITUATION_OPTIONS = ['In college', 'Recently graduated / job searching', 'Currently working', 'Taking a break', 'Other'] as const;
export type Situation = (typeof SITUATION_OPTIONS)[number];

export const REFERRAL_SOURCE_OPTIONS = ['TikTok', 'In person dinner', 'In person event', 'Referred by a named person', 'Substack', 'A friend', 'Other'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCE_OPTIONS)[number];

export const ACTIVELY_APPLYING_OPTIONS = ['Yes', 'No, just exploring options'] as const;
export type ActivelyApplying = (typeof ACTIVELY_APPLYING_OPTIONS)[number];

/** Mentor interest statuses (spec 002): every submission starts pending; admins move it later. */
export const MENTOR_INTEREST_STATUSES = ['pending', 'submitted', 'interview started', 'rejected'] as const;
export type MentorInterestStatus = (typeof MENTOR_INTEREST_STATUSES)[number];

export const INTEREST_LIMITS = {
  nameMax: LIMITS.nameMax,
  titleMax: 150,
  placeMax: 100,
  referralOtherMax: 200,
  focusMax: 1_000,
  motivationMax: 2_000,
} as const;

/** The spec's messages; the browser shows its own translation of each, by key. */
export const INTEREST_MESSAGES = {
  firstNameRequired: 'First name is required',
  emailInvalid: 'Invalid email address',
  jobTitleRequired: 'Job title is required',
  nameRequired: 'Name is required',
  situationRequired: 'Please select what best describes you',
  referralRequired: 'Please tell us how you heard about MELD',
  motivationRequired: 'Please tell us what you want to get out of MELD',
  situationFields: 'Please fill in all required fields for your situation',
  industryChoice: 'Please choose an industry from the list',
  careerStageChoice: 'Please choose a career stage from the list',
  activelyApplyingChoice: 'Please choose whether you are actively applying',
  graduationYear: 'Graduation year must be a four-digit year',
} as const;
export type InterestMessageKey = keyof typeof INTEREST_MESSAGES;
