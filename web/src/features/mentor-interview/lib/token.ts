import { MENTOR_ACCESS_TOKEN_LENGTH, MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';

/** The link's token must be exactly 64 characters; anything else never reaches the server (spec 001 section 6). */
export function isValidToken(token: string | undefined): token is string {
  return typeof token === 'string' && token.length === MENTOR_ACCESS_TOKEN_LENGTH;
}

/** A step from the path, 1 to 6, or null. */
export function parseStep(value: string | undefined): number | null {
  if (!value || !/^\d$/.test(value)) return null;
  const step = Number(value);
  return step >= 1 && step <= MENTOR_INTERVIEW_STAGE_COUNT ? step : null;
}

export const interviewPath = {
  start: (token: string) => `/mentor-interview/${token}/start`,
  question: (token: string, step: number) => `/mentor-interview/${token}/question/${step}`,
  complete: (token: string) => `/mentor-interview/${token}/complete`,
};
