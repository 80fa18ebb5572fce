/** Limits and constants from the specification, shared by the browser and the server. */

export const LIMITS = {
  emailMin: 3,
  emailMax: 120,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  cityMax: 100,
  stateMax: 60,
  /** A joined list of option ids, or the free text typed for "Other". */
  choiceListMax: 500,
  signupCodeMax: 64,
  twoFactorCodeLength: 6,
  backupCodeLength: 8,
  conversationTitleMax: 100,
} as const;

export const SIGNUP_CODE_COOKIE = 'meld_signup_code';
export const SIGNUP_CODE_COOKIE_MAX_AGE_SECONDS = 86_400;

export const REFRESH_COOKIE = 'meld_refresh';
/** The refresh cookie is scoped to the auth routes only. */
export const REFRESH_COOKIE_PATH = '/api/auth';
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;
/**
 * Set and cleared with the refresh cookie, but readable by the page and holding no secret: it
 * only tells a page whether a refresh could succeed, so a signed-out visit never asks (decision 0044).
 */
export const SESSION_HINT_COOKIE = 'meld_signed_in';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Streaming routes sit behind CloudFront OAC, which owns the Authorization header. */
export const STREAM_AUTH_HEADER = 'x-meld-authorization';

/** CloudFront adds this secret header to every API and stream origin request (decision 0011). */
export const ORIGIN_KEY_HEADER = 'x-meld-origin-key';

/** Invited mentors are identified only by this token in their interview link's path. */
export const MENTOR_TOKEN_PARAM = 'token';
export const MENTOR_ACCESS_TOKEN_LENGTH = 64;
/** Where Amazon Transcribe writes its transcripts in the audio bucket; the stack expires them (decision 0013). */
export const AUDIO_TRANSCRIPT_PREFIX = 'transcripts/';
/**
 * Where presigned uploads land in the files bucket until their confirm copies them to the file's
 * own key, which no presigned URL can write; the stack expires what is left here (decision 0018).
 */
export const FILE_UPLOAD_PREFIX = 'uploads/';

export const ROLES = ['ADMIN', 'USER', 'MENTOR'] as const;
export type Role = (typeof ROLES)[number];

export const WIZARD_STEPS = 7;
export const STATE_SUGGESTIONS_MAX = 5;
export const DROPDOWN_SEARCH_THRESHOLD = 10;
export const REDIRECT_COUNTDOWN_SECONDS = 3;
export const LOGIN_ERROR_DEBOUNCE_MS = 400;
export const THEME_SWITCH_DEBOUNCE_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;

export const STORAGE_KEYS = {
  navVisible: 'navVisible',
  newUser: 'newUser',
  mentorInsights: 'mentor_insights',
  dismissedBanners: 'dismissedBanners',
  theme: 'theme',
  signupCode: 'meld_signup_code',
} as const;

export const DEFAULT_APP_TITLE = 'Meld';

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'openid', 'github', 'discord', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const WHY_HERE_OPTIONS = ['goal', 'transition', 'idea', 'fresh-start', 'unsure'] as const;
export const LIFE_ARENA_OPTIONS = ['career', 'growth', 'rhythm', 'relationships', 'leadership', 'other'] as const;
export const IDENTITY_SEGMENT_OPTIONS = ['gen-z', 'corporate', 'mission', 'creative', 'stem', 'other'] as const;
export const CURRENT_BLOCK_OPTIONS = ['start', 'burnout', 'doubt', 'time', 'comparison', 'change', 'other'] as const;

export const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida',
  'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine',
  'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska',
  'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio',
  'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas',
  'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming',
] as const;

/** Loose e-mail shape check used by both sides; the spec says "must look like an e-mail". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Two-factor (spec 000 section 5): backup codes are 8 characters from an alphabet without the
 * look-alikes 0/O, 1/I/L; ten per set. The login's temporary token lives 5 minutes.
 */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const BACKUP_CODE_COUNT = 10;
export const TWO_FACTOR_TEMP_TOKEN_TTL_SECONDS = 300;
