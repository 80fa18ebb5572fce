// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

export const TEXT_TO_SPEECH_LIMITS = {
  /** The longest text one request speaks (a long reply); the server splits it for its engine. */
  inputMax: 10_000,
  /** Spec 000 section 5: from this length on the browser warns that the audio takes a while. */
  longAudioWarning: 4096,
} as const;

/** The multipart field the recording travels under. */
export const SPEECH_AUDIO_FIELD = 'audio';
/** The optional multipart field naming the speaker's language (the Speech tab's languageSTT, e.g. en-US). */
export const SPEECH_LANGUAGE_FIELD = 'language';
/** A BCP 47 tag as the settings keep it: a language, optionally with region or script. */
export const SPEECH_LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
