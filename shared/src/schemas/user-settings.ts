import * as z from 'zod';
import { FORK_OPTIONS } from './conversation.ts';
import { CHAT_DIRECTIONS, FONT_SIZES, SPEECH_ENGINES, SPEECH_LIMITS, THEME_CHOICES } from '../user-settings-defaults.ts';

export { CHAT_DIRECTIONS, DEFAULT_USER_SETTINGS, FONT_SIZES, SPEECH_ENGINES, SPEECH_LIMITS, THEME_CHOICES } from '../user-settings-defaults.ts';

function flag(name: string) {
  return z.boolean({ error: `${name} must be true or false` });
}

function choice<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });
}

function whole(name: string, range: { min: number; max: number }) {
  const error = `${name} must be a whole number from ${range.min} to ${range.max}`;
  return z.int({ error }).min(range.min, { error }).max(range.max, { error });
}

function speechLanguage(name: string) {
  return z.string({ error: `${name} must be text` }).regex(/^([a-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$/, { error: `${name} must be empty or a locale such as en-US` });
}

/**
 * The General, Chat and Speech tabs of the settings dialog (spec 000 section 2), kept on the server so
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
  // Artifacts (spec 000 section 4: shadcn only with artifacts on and custom prompt mode off)
  artifacts: flag('artifacts'),
  artifactsShadcn: flag('artifactsShadcn'),
  artifactsCustomPrompt: flag('artifactsCustomPrompt'),
  // Commands: `/` at the start of a message opens the prompt library (the composer's one command).
  slashCommand: flag('slashCommand'),
  // Speech
  conversationMode: flag('conversationMode'),
  advancedMode: flag('advancedMode'),
  speechToText: flag('speechToText'),
  textToSpeech: flag('textToSpeech'),
  cacheTTS: flag('cacheTTS'),
  engineSTT: choice('engineSTT', SPEECH_ENGINES),
  /** '' follows the browser's language; otherwise a locale such as en-US. */
  languageSTT: speechLanguage('languageSTT'),
  autoTranscribeAudio: flag('autoTranscribeAudio'),
  /** The loudness (dB) under which the microphone counts as silent. */
  decibelValue: whole('decibelValue', SPEECH_LIMITS.decibel),
  /** Seconds of silence before a transcript is sent; -1 never sends by itself. */
  autoSendText: whole('autoSendText', SPEECH_LIMITS.autoSendSeconds),
  engineTTS: choice('engineTTS', SPEECH_ENGINES),
  /** A browser voice's name or a server voice's id; '' is the engine's default. */
  voice: z.string({ error: 'voice must be text' }).max(200, { error: 'voice is too long' }),
  cloudBrowserVoices: flag('cloudBrowserVoices'),
  languageTTS: speechLanguage('languageTTS'),
  automaticPlayback: flag('automaticPlayback'),
  playbackRate: z
    .number({ error: 'playbackRate must be a number' })
    .min(SPEECH_LIMITS.playbackRate.min, { error: 'playbackRate must be at least 0.1' })
    .max(SPEECH_LIMITS.playbackRate.max, { error: 'playbackRate must be at most 2' })
    .refine((rate) => Math.abs(rate * 10 - Math.round(rate * 10)) < 1e-9, { error: 'playbackRate moves in steps of 0.1' }),
  // Prompt library (issue 11): groups per page of the prompts list.
  promptsPageSize: whole('promptsPageSize', { min: 1, max: 100 }),
});

export type UserSettings = z.infer<typeof userSettingsSchema>;
export type FontSize = (typeof FONT_SIZES)[number];
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];
export type SpeechEngine = (typeof SPEECH_ENGINES)[number];


/** Any subset of the settings; at least one, each validated, unknown names refused. */
export const updateUserSettingsBody = userSettingsSchema.partial().refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one setting to change' });

export type UpdateUserSettingsBody = z.infer<typeof updateUserSettingsBody>;

/** Deleting the account: the user types their own e-mail, compared case-insensitively after trimming. */
export const deleteAccountBody = z.strictObject({
  email: z.string({ error: 'email is required' }).trim().min(1, { error: 'email is required' }),
});

export const deleteAccountResponse = z.object({ message: z.string() });
