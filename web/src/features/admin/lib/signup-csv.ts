import type { UserInterestAdmin } from '@meld/shared';
import type { CsvCell } from '@/lib/csv.ts';

/** The answers that depend on the situation, in the form's order; a sign-up holds only its situation's. */
export const SITUATION_DETAIL_FIELDS = [
  'currentSchool',
  'studyingField',
  'graduationYear',
  'openToStudentMentorship',
  'jobTitle',
  'company',
  'workCity',
  'openToMentoring',
  'studiedField',
  'currentCity',
  'activelyApplying',
  'currentFocus',
] as const satisfies readonly (keyof UserInterestAdmin)[];
export type SituationDetailField = (typeof SITUATION_DETAIL_FIELDS)[number];

/** Every field of a sign-up, one column each (spec 002 section 7: user-interest-signups-{date}.csv). */
export const SIGNUP_CSV_COLUMNS = [
  'name',
  'email',
  'currentSituation',
  ...SITUATION_DETAIL_FIELDS,
  'referralSource',
  'referralSourceOther',
  'motivation',
  'newsletter',
  'newsletterSignedUpAt',
  'createdAt',
  'id',
] as const;
export type SignupCsvColumn = (typeof SIGNUP_CSV_COLUMNS)[number];

export interface SignupCsvWords {
  yes: string;
  no: string;
  subscribed: string;
  notConfirmed: string;
}

function cell(value: string | boolean | undefined, words: SignupCsvWords): CsvCell {
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return value ?? '';
}

export function signupCsvRows(signups: readonly UserInterestAdmin[], words: SignupCsvWords): CsvCell[][] {
  return signups.map((signup) => [
    signup.name,
    signup.email,
    signup.currentSituation,
    ...SITUATION_DETAIL_FIELDS.map((field) => cell(signup[field], words)),
    signup.referralSource,
    signup.referralSourceOther ?? '',
    signup.motivation,
    signup.newsletterSubscription ? words.subscribed : words.notConfirmed,
    signup.newsletterSignedUpAt ?? '',
    signup.createdAt,
    signup._id,
  ]);
}
