// The settings' choices and defaults, kept out of the zod schema module so that the pages which
// only read them do not ship zod (see conversation-constants.ts for why a bundler would).
import type { UserSettings } from './schemas/user-settings.ts';

/** Font sizes of the conversation view (spec 000 section 9: xs..xl map to 0.75..1.25 rem). */
export const FONT_SIZES = ['xs', 'sm', 'base', 'lg', 'xl'] as const;
export const CHAT_DIRECTIONS = ['LTR', 'RTL'] as const;
export const THEME_CHOICES = ['system', 'dark', 'light'] as const;
/** Who turns speech into text and back: the browser's own engine or the server's (spec 000 section 3). */
export const SPEECH_ENGINES = ['browser', 'external'] as const;
/** Spec 000 section 5: the ranges of the speech tab's sliders. */
export const SPEECH_LIMITS = {
  decibel: { min: -100, max: -30 },
  autoSendSeconds: { min: -1, max: 60 },
  playbackRate: { min: 0.1, max: 2, step: 0.1 },
} as const;

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
  // Code is what many replies are for: open unless the member folds it away (issue 25).
  showCode: true,
  latex: true,
  saveDrafts: true,
  scrollButton: true,
  saveBadgesState: false,
  modularChat: true,
  forkSetting: 'targetLevel',
  rememberDefaultFork: false,
  splitAtTarget: false,
  artifacts: false,
  artifactsShadcn: false,
  artifactsCustomPrompt: false,
  slashCommand: true,
  // Spec 000 section 9: text to speech on, -45 dB, auto-send off, playback at normal speed.
  conversationMode: false,
  advancedMode: false,
  speechToText: true,
  textToSpeech: true,
  cacheTTS: true,
  engineSTT: 'browser',
  languageSTT: '',
  autoTranscribeAudio: false,
  decibelValue: -45,
  autoSendText: -1,
  engineTTS: 'browser',
  voice: '',
  cloudBrowserVoices: false,
  languageTTS: '',
  automaticPlayback: false,
  playbackRate: 1,
  // Spec 000 section 9: prompts page size 10.
  promptsPageSize: 10,
};
