import * as z from 'zod';
import { FORK_OPTIONS } from './conversation.ts';

/** Font sizes of the conversation view (spec 000 section 9: xs..xl map to 0.75..1.25 rem). */
export const FONT_SIZES = ['xs', 'sm', 'base', 'lg', 'xl'] as const;
export const CHAT_DIRECTIONS = ['LTR', 'RTL'] as const;
export const THEME_CHOICES = ['system', 'dark', 'light'] as const;

function flag(name: string) {
  return z.boolean({ error: `${name} must be true or false` });
}

function choice<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });
}

/**
 * The General and Chat tabs of the settings dialog (spec 000 section 2), kept on the server so
 * they follow the user between devices. Every field is one setting; the patch route takes any
 * subset and writes only those fields.
 */
export const userSettingsSchema = z.strictObject({
  // General
  theme: choice('theme', THEME_CHOICES),
  /** 'auto' follows the browser; otherwise a BCP 47 language tag such as en or pt-BR. */
  language: z
    .string({ error: 'language must be text' })
    .regex(/^(auto|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/, { error: 'language must be auto or a language code such as en or pt-BR' }),
  userMarkdown: flag('userMarkdown'),
  autoScroll: flag('autoScroll'),
  // Chat
  fontSize: choice('fontSize', FONT_SIZES),
  chatDirection: choice('chatDirection', CHAT_DIRECTIONS),
  enterToSend: flag('enterToSend'),
  centerInput: flag('centerInput'),
  showThinking: flag('showThinking'),
  showCode: flag('showCode'),
  latex: flag('latex'),
  saveDrafts: flag('saveDrafts'),
  scrollButton: flag('scrollButton'),
  saveBadgesState: flag('saveBadgesState'),
  modularChat: flag('modularChat'),
  /** The fork menu's default option, used without asking when rememberDefaultFork is on. */
  forkSetting: choice('forkSetting', FORK_OPTIONS),
  rememberDefaultFork: flag('rememberDefaultFork'),
  splitAtTarget: flag('splitAtTarget'),
});

export type UserSettings = z.infer<typeof userSettingsSchema>;
export type FontSize = (typeof FONT_SIZES)[number];
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];

/** Spec 000 section 9: auto scroll, enter to send, drafts and LaTeX on; the rest as LibreChat ships it. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  theme: 'system',
  language: 'auto',
  userMarkdown: true,
  autoScroll: true,
  fontSize: 'base',
  chatDirection: 'LTR',
  enterToSend: true,
  centerInput: true,
  showThinking: true,
  showCode: false,
  latex: true,
  saveDrafts: true,
  scrollButton: true,
  saveBadgesState: false,
  modularChat: true,
  forkSetting: 'targetLevel',
  rememberDefaultFork: false,
  splitAtTarget: false,
};

/** Any subset of the settings; at least one, each validated, unknown names refused. */
export const updateUserSettingsBody = userSettingsSchema.partial().refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one setting to change' });

export type UpdateUserSettingsBody = z.infer<typeof updateUserSettingsBody>;

/** Deleting the account: the user types their own e-mail, compared case-insensitively after trimming. */
export const deleteAccountBody = z.strictObject({
  email: z.string({ error: 'email is required' }).trim().min(1, { error: 'email is required' }),
});

export const deleteAccountResponse = z.object({ message: z.string() });
