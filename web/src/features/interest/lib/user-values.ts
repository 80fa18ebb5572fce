import type { userInterestBody } from '@meld/shared';
import type { useInterestForm } from '../hooks/use-interest-form.ts';

/** Every answer the user form can hold, blank; fields of situations not chosen are dropped by the shared schema. */
export const EMPTY_USER_INTEREST = {
  name: '',
  email: '',
  currentSituation: '',
  currentSchool: '',
  studyingField: '',
  graduationYear: '',
  openToStudentMentorship: false,
  jobTitle: '',
  company: '',
  workCity: '',
  openToMentoring: false,
  studiedField: '',
  currentCity: '',
  activelyApplying: '',
  currentFocus: '',
  referralSource: '',
  referralSourceOther: '',
  motivation: '',
};
export type UserInterestValues = typeof EMPTY_USER_INTEREST;

export type UserInterestForm = ReturnType<typeof useInterestForm<UserInterestValues, typeof userInterestBody>>;
