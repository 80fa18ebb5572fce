import { AUDIO_TRANSCRIPT_PREFIX, FILE_UPLOAD_PREFIX, JOBS_PARTITION } from '@meld/shared';

/** An e-mail address as keys and limits hold it: trimmed and lower-cased (what every stored claim was made with). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Whether two addresses name the same mailbox: equal once trimmed, with only ASCII letters folded.
 * A key folds more: JavaScript's toLowerCase turns some other letters into ASCII (the Kelvin sign
 * U+212A becomes k), so a look-alike finds the ASCII address's account by its key, and must not be
 * taken for it (issue 21: a provider vouching for "\u212Aate@…" signed in as kate@…).
 */
export function sameMailbox(a: string, b: string): boolean {
  const fold = (email: string) => email.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return fold(a) === fold(b);
}

/**
 * Every table key in one place. A user's items share the partition USER#<id>, so ownership is
 * in the key and deleting a user is one partition walk. See docs/data-model.md.
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** gsi1: every profile, by `<createdAt>#<id>`, for the admin's users list (decision 0017). */
  usersList: 'USERS',
  usersListSort: (createdAt: string, userId: string) => `${createdAt}#${userId}`,
  /** The settings dialog's General and Chat choices, one attribute per setting. */
  userSettings: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SETTINGS' }),
  session: (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` }),
  sessionPrefix: 'SESSION#',
  /**
   * A single-use link token (password reset, e-mail verification) by the SHA-256 of its secret:
   * the link's user id and token locate it with one read, and a user's tokens of a kind share a prefix.
   */
  oneTimeToken: (userId: string, kind: string, tokenHash: string) => ({ pk: `USER#${userId}`, sk: `LINK_TOKEN#${kind}#${tokenHash}` }),
  oneTimeTokenPrefix: (kind: string) => `LINK_TOKEN#${kind}#`,
  /** The user's TOTP secret (sealed), hashed backup codes and last used step: pending until verified. */
  twoFactor: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TWO_FACTOR' }),
  /** A login waiting for its second factor, by the temporary token's id; the item holds the secret's hash. */
  twoFactorLogin: (userId: string, challengeId: string) => ({ pk: `USER#${userId}`, sk: `TWO_FACTOR_LOGIN#${challengeId}` }),
  /** Uniqueness claim on an e-mail (as {@link emailKey} folds it), pointing at the user id. */
  emailClaim: (email: string) => ({ pk: `EMAIL#${emailKey(email)}`, sk: 'EMAIL' }),
  /** The newest registration that found its address taken, beside the claim until a link would have expired (one per address, overwritten). */
  registrationAttempt: (email: string) => ({ pk: `EMAIL#${emailKey(email)}`, sk: 'REGISTRATION_ATTEMPT' }),
  /** A federated identity (provider and the issuer's subject) linked to a user: decision 0010. */
  identity: (provider: string, subject: string) => ({ pk: `IDENTITY#${provider}#${subject}`, sk: 'IDENTITY' }),
  /** The link's reference in the user's partition, so deleting the account finds and releases it. */
  identityRef: (userId: string, provider: string, subject: string) => ({ pk: `USER#${userId}`, sk: `IDENTITY#${provider}#${subject}` }),
  identityRefPrefix: 'IDENTITY#',
  signupCode: (code: string) => ({ pk: `SIGNUP_CODE#${code.trim().toUpperCase()}`, sk: 'SIGNUP_CODE' }),
  /** gsi1: every pilot access code by `<createdAt>#<code>`, for the admin's list (decision 0017). */
  signupCodeList: 'SIGNUP_CODES',
  signupCodeListSort: (createdAt: string, code: string) => `${createdAt}#${code.trim().toUpperCase()}`,
  bannerPartition: 'BANNER',
  banner: (displayFrom: string, bannerId: string) => ({ pk: 'BANNER', sk: `FROM#${displayFrom}#${bannerId}` }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({ pk: `RATE#${scope}#${subject}`, sk: `WINDOW#${windowStart}` }),
  /** Every window of one scope and subject: deleting an account queries the partitions of its own subjects. */
  rateWindowPartition: (scope: string, subject: string) => `RATE#${scope}#${subject}`,
  userPartition: (userId: string) => `USER#${userId}`,
  /** An anonymous offender's partition (violations and ban), by IP address. */
  ipPartition: (ip: string) => `IP#${ip}`,
  /** An IP address's ban with its end, checked on read (TTL deletes late). A user's ban is `bannedUntil` on the profile. */
  ipBan: (ip: string) => ({ pk: `IP#${ip}`, sk: 'BAN' }),
  /** The user's folder in the files bucket (message bodies over 300 KB); deleting the account empties it. */
  userBlobPrefix: (userId: string) => `messages/${userId}/`,
  /** An uploaded file (decision 0018); a user's files are one prefix query. */
  file: (userId: string, fileId: string) => ({ pk: `USER#${userId}`, sk: `FILE#${fileId}` }),
  filePrefix: 'FILE#',
  /** A presigned upload waiting for its confirm; TTL removes one never confirmed. */
  pendingUpload: (userId: string, fileId: string) => ({ pk: `USER#${userId}`, sk: `UPLOAD#${fileId}` }),
  /** The user's uploaded files in the files bucket, one folder each; deleting the account empties it. */
  userFilesPrefix: (userId: string) => `files/${userId}/`,
  fileObject: (userId: string, fileId: string, safeName: string) => `files/${userId}/${fileId}/${safeName}`,
  /** Where a presigned PUT lands until its confirm copies it to a `fileObject` key (decision 0018). */
  userUploadsPrefix: (userId: string) => `${FILE_UPLOAD_PREFIX}${userId}/`,
  uploadObject: (userId: string, fileId: string, safeName: string) => `${FILE_UPLOAD_PREFIX}${userId}/${fileId}/${safeName}`,
  /** A code run (decision 0025), by conversation then time, so a conversation's runs are one prefix query. */
  toolCall: (userId: string, conversationId: string, createdAt: string, id: string) => ({ pk: `USER#${userId}`, sk: `TOOLCALL#${conversationId}#${createdAt}#${id}` }),
  toolCallPrefix: (conversationId: string) => `TOOLCALL#${conversationId}#`,
  conversation: (userId: string, conversationId: string) => ({ pk: `USER#${userId}`, sk: `CONVO#${conversationId}` }),
  conversationPrefix: 'CONVO#',
  /** Background work waiting for the worker (decision 0034), oldest first; outside every user's partition. */
  job: (createdAt: string, jobId: string) => ({ pk: JOBS_PARTITION, sk: `JOB#${createdAt}#${jobId}` }),
  /** Messages sort under their conversation, so one query (per page) opens a conversation. */
  message: (userId: string, conversationId: string, messageId: string) => ({ pk: `USER#${userId}`, sk: `MSG#${conversationId}#${messageId}` }),
  messagePrefix: (conversationId: string) => `MSG#${conversationId}#`,
  /** The sort-key range holding a user's conversations and then messages, which search walks ('$' sorts just after '#'). */
  conversationAndMessageRange: { from: 'CONVO#', to: 'MSG$' },
  /**
   * A user's conversation lists, one index per sort order (gsi1 updatedAt, gsi2 createdAt,
   * gsi3 title); active and archived are separate partitions so each list is one query.
   */
  conversationList: (userId: string, archived: boolean) => `CONVOS#${userId}#${archived ? 'archived' : 'active'}`,
  tag: (userId: string, tag: string) => ({ pk: `USER#${userId}`, sk: `TAG#${tag}` }),
  tagPrefix: 'TAG#',
  /** A role's stored permission table (decision 0023): one item per role, merged over the spec's defaults. */
  role: (role: string) => ({ pk: `ROLE#${role}`, sk: 'ROLE' }),
  /** The public snapshot, alone in its partition so an anonymous reader needs only the share id. */
  share: (shareId: string) => ({ pk: `SHARE#${shareId}`, sk: 'SHARE' }),
  /**
   * The owner's record of a link, keyed by conversation: one link per conversation (a conditional
   * put claims it) and the conversation's link is one GetItem.
   */
  shareRecord: (userId: string, conversationId: string) => ({ pk: `USER#${userId}`, sk: `SHARELINK#${conversationId}` }),
  shareRecordPrefix: 'SHARELINK#',
  /** A user's links in gsi2 (createdAt) and gsi3 (title); never collides with CONVOS# lists. */
  shareList: (userId: string) => `SHARES#${userId}`,
  preset: (userId: string, presetId: string) => ({ pk: `USER#${userId}`, sk: `PRESET#${presetId}` }),
  presetPrefix: 'PRESET#',
  /** A prompt group (decision 0024), in its author's partition; its versions sort under it. */
  promptGroup: (userId: string, groupId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT_GROUP#${groupId}` }),
  promptGroupPrefix: 'PROMPT_GROUP#',
  /** One version of a group's text: a group's versions are one prefix query. */
  promptVersion: (userId: string, groupId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#${groupId}#${promptId}` }),
  promptVersionPrefix: (groupId: string) => `PROMPT#${groupId}#`,
  /** gsi1: a version by its id alone (the version routes name no group). */
  promptVersionId: (promptId: string) => `PROMPT_VERSION#${promptId}`,
  /** The author's own way to a version by id, read consistently, naming its group: gsi1 may not have a new version yet. */
  ownPromptVersion: (userId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT_VERSION#${promptId}` }),
  /** gsi2: every globally shared group by `<updatedAt>#<id>`, so listing them is one query. */
  globalPromptGroupList: 'PROMPT_GROUPS#GLOBAL',
  /** gsi3: a shared group by id, so another user opens it without knowing its author. */
  sharedPromptGroupId: (groupId: string) => `SHARED_PROMPT_GROUP#${groupId}`,
  /** A slash command's claim, naming the group that holds it: unique per user with one conditional put. */
  promptCommand: (userId: string, command: string) => ({ pk: `USER#${userId}`, sk: `PROMPT_COMMAND#${command}` }),
  /**
   * A reply being generated, keyed by conversation then reply id, so an abort from any instance
   * finds every generation of the conversation with one query. Sorts outside the CONVO#..MSG$ range.
   */
  generation: (userId: string, conversationId: string, responseMessageId: string) => ({ pk: `USER#${userId}`, sk: `RUN#${conversationId}#${responseMessageId}` }),
  generationPrefix: (conversationId: string) => `RUN#${conversationId}#`,
  /** Every running generation of the user, for the list of conversations with a reply in progress. */
  generationsPrefix: 'RUN#',
  /**
   * One checkpoint of a reply in progress (decision 0039): the events since the one before, under its
   * generation's conversation, reply and run (a continued reply runs again under the same reply id).
   * `RUNCHUNK#` never begins with `RUN#`, so the queries of running generations read no chunk.
   */
  replyChunk: (userId: string, conversationId: string, responseMessageId: string, runId: string, seq: number) => ({
    pk: `USER#${userId}`,
    sk: `RUNCHUNK#${conversationId}#${responseMessageId}#${runId}#${String(seq).padStart(6, '0')}`,
  }),
  replyChunkRunPrefix: (conversationId: string, responseMessageId: string, runId: string) => `RUNCHUNK#${conversationId}#${responseMessageId}#${runId}#`,
  /** A conversation's checkpoints, every reply and run: what purging the conversation deletes. */
  replyChunkPrefix: (conversationId: string) => `RUNCHUNK#${conversationId}#`,
  /** A user's own API key for one endpoint, encrypted (see functions/src/crypto/envelope.ts). */
  userKey: (userId: string, name: string) => ({ pk: `USER#${userId}`, sk: `USERKEY#${name}` }),
  userKeyPrefix: 'USERKEY#',
  /** The user's token balance (spec 000 section 9), created on first use. */
  balance: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BALANCE' }),
  /**
   * One item per violation, newest last within a type, in the offender's partition: the user's, or
   * the IP address's when no account is known (a login with a wrong e-mail).
   */
  violation: (partition: string, type: string, at: string, id: string) => ({ pk: partition, sk: `VIOLATION#${type}#${at}#${id}` }),
  violationPrefix: (type?: string) => (type ? `VIOLATION#${type}#` : 'VIOLATION#'),
  /** The user's replies in progress (a map of leases), for the concurrency limit. */
  replySlots: (userId: string) => ({ pk: `USER#${userId}`, sk: 'REPLY_SLOTS' }),
  /** A wins-vault tile; the vault is read whole (one query) for the gallery and the monthly digest. */
  win: (userId: string, winId: string) => ({ pk: `USER#${userId}`, sk: `WIN#${winId}` }),
  winPrefix: 'WIN#',
  /** A coach thread's coach state (pin, mute, chips, last activity); the conversation item holds the rest. */
  coachThread: (userId: string, threadId: string) => ({ pk: `USER#${userId}`, sk: `COACH_THREAD#${threadId}` }),
  coachThreadPrefix: 'COACH_THREAD#',
  /** One message's coach state (what it drew on, reactions, bookmark), beside its thread's others: one query reads them. */
  coachMessage: (userId: string, threadId: string, messageId: string) => ({ pk: `USER#${userId}`, sk: `COACH_MSG#${threadId}#${messageId}` }),
  coachMessagePrefix: (threadId: string) => `COACH_MSG#${threadId}#`,
  /** gsi1: a user's marked coach replies by mark time (`<markedAt>#<threadId>#<messageId>`), for the log's range. */
  coachHighlightList: (userId: string) => `COACH_HIGHLIGHTS#${userId}`,
  /** One answer of the daily compass or the evening check-in (issue 5). */
  interaction: (userId: string, interactionId: string) => ({ pk: `USER#${userId}`, sk: `INTERACTION#${interactionId}` }),
  /** A create's idempotency claim: the client's request id, pointing at the interaction it made. */
  interactionRequest: (userId: string, clientRequestId: string) => ({ pk: `USER#${userId}`, sk: `INTERACTION_REQUEST#${clientRequestId}` }),
  /** gsi1: a user's interactions by local day, so a range of days is one query. */
  interactionDays: (userId: string) => `INTERACTION_DAYS#${userId}`,
  interactionDay: (date: string, kind: string, type: string, interactionId: string) => `DAY#${date}#${kind}#${type}#${interactionId}`,
  /** Bounds of the gsi1 sort keys from `from` to `to` inclusive ('$' sorts just after '#'). */
  interactionDayRange: (from: string, to: string) => ({ from: `DAY#${from}#`, to: `DAY#${to}$` }),
  /** A recent write of an interaction (or its deletion) under its day, read consistently beside gsi1 (recent-interactions.ts). */
  recentInteraction: (userId: string, date: string, interactionId: string) => ({ pk: `USER#${userId}`, sk: `INTERACTION_RECENT#${date}#${interactionId}` }),
  recentInteractionRange: (from: string, to: string) => ({ from: `INTERACTION_RECENT#${from}#`, to: `INTERACTION_RECENT#${to}$` }),
  /** gsi2 (all kinds) and gsi3 (one kind): a user's interactions by capturedAt. */
  interactionList: (userId: string, kind?: string) => (kind ? `INTERACTIONS#${userId}#${kind}` : `INTERACTIONS#${userId}`),
  /** A captured fragment (issue 8). */
  fragment: (userId: string, fragmentId: string) => ({ pk: `USER#${userId}`, sk: `FRAGMENT#${fragmentId}` }),
  /** A capture's idempotency claim: the client's request id, pointing at the fragment it made. */
  fragmentRequest: (userId: string, clientRequestId: string) => ({ pk: `USER#${userId}`, sk: `FRAGMENT_REQUEST#${clientRequestId}` }),
  /** gsi1: a user's fragments by capture time (`<timestamp>#<id>`), so the inbox, search and a date range are one query. */
  fragmentList: (userId: string) => `FRAGMENTS#${userId}`,
  /** A reflection woven from fragments. */
  wovenReflection: (userId: string, reflectionId: string) => ({ pk: `USER#${userId}`, sk: `WOVEN#${reflectionId}` }),
  /** gsi1: a user's woven reflections by createdAt (`<createdAt>#<id>`), for the log's range. */
  wovenReflectionList: (userId: string) => `WOVEN_REFLECTIONS#${userId}`,
  /** The user's folder in the audio bucket for voice notes; deleting the account empties it. */
  voiceNotePrefix: (userId: string) => `voice-notes/${userId}/`,
  /** Dictation waiting for Amazon Transcribe in the audio bucket; deleted once transcribed (decision 0021). */
  dictationPrefix: (userId: string) => `speech/${userId}/`,
  /** A user's profile pictures in the files bucket (decision 0020); deleting the account empties it. */
  avatarPrefix: (userId: string) => `avatars/${userId}/`,
  /**
   * An Amazon Transcribe job for a recording: its name carries the recording's key ('/' as '.') and
   * a nonce, and Transcribe writes its transcript to transcripts/<job>.json, so the transcripts of
   * one folder of recordings (a user's voice notes) share a prefix that deleting their owner empties.
   */
  transcriptionJob: (audioKey: string, nonce: string) => `meld-${audioKey.replaceAll('/', '.')}-${nonce}`,
  transcriptPrefix: (audioPrefix: string) => `${AUDIO_TRANSCRIPT_PREFIX}meld-${audioPrefix.replaceAll('/', '.')}`,
  /** A North-Star narrative version; ids sort by creation, so the latest versions are one query. */
  northStarVersion: (userId: string, versionId: string) => ({ pk: `USER#${userId}`, sk: `NORTH_STAR#${versionId}` }),
  northStarVersionPrefix: 'NORTH_STAR#',
  /** The member's state of one mentor-feed card, and a muted feed trigger; one prefix, so the feed's state is one query. */
  feedCard: (userId: string, cardId: string) => ({ pk: `USER#${userId}`, sk: `FEED#CARD#${cardId}` }),
  feedMute: (userId: string, trigger: string) => ({ pk: `USER#${userId}`, sk: `FEED#MUTE#${trigger}` }),
  feedPrefix: 'FEED#',
  /** Interest-form submissions (issue 6), each alone in its partition: visitors have no user id. */
  mentorInterest: (id: string) => ({ pk: `MENTOR_INTEREST#${id}`, sk: 'MENTOR_INTEREST' }),
  /** One mentor record per lower-cased e-mail: the claim names the record a repeat submission updates. */
  mentorInterestEmail: (email: string) => ({ pk: `MENTOR_INTEREST_EMAIL#${emailKey(email)}`, sk: 'MENTOR_INTEREST_EMAIL' }),
  userInterest: (id: string) => ({ pk: `USER_INTEREST#${id}`, sk: 'USER_INTEREST' }),
  /** gsi1: every user sign-up by `<createdAt>#<id>`, for the admin's list. */
  userInterestList: 'USER_INTERESTS',
  userInterestListSort: (createdAt: string, id: string) => `${createdAt}#${id}`,
  /** gsi1: every mentor sign-up, oldest first, for the admin list. */
  mentorInterestList: 'MENTOR_INTERESTS',
  /** An interview token's SHA-256 (hex) naming its mentor: the token itself is never stored. */
  mentorToken: (tokenHash: string) => ({ pk: `MENTOR_TOKEN#${tokenHash}`, sk: 'MENTOR_TOKEN' }),
  /** One interview stage's question and answer, beside the mentor's record: one query reads the whole interview. */
  mentorResponse: (mentorId: string, stage: number) => ({ pk: `MENTOR_INTEREST#${mentorId}`, sk: `RESPONSE#${stage}` }),
  mentorResponsePrefix: 'RESPONSE#',
  /** The mentor's folder in the audio bucket: every recording of their interview (`domain/mentor-interview/audio-answer.ts` names them). */
  mentorAudioPrefix: (mentorId: string) => `mentor-interviews/${mentorId}/`,
  /** gsi1: every mentor's answers, for the admin's answers list. */
  mentorResponseList: 'MENTOR_RESPONSES',
  /** An agent (decision 0027), in its author's partition. */
  agent: (userId: string, agentId: string) => ({ pk: `USER#${userId}`, sk: `AGENT#${agentId}` }),
  /** gsi1: an author's agents by `<updatedAt>#<id>`. */
  agentList: (userId: string) => `AGENTS#${userId}`,
  /** gsi2: every globally shared agent by `<updatedAt>#<id>`, so listing them is one query. */
  globalAgentList: 'AGENTS#GLOBAL',
  /** gsi3: a shared agent by id, so another user opens it without knowing its author. */
  sharedAgentId: (agentId: string) => `SHARED_AGENT#${agentId}`,
  agentListSort: (updatedAt: string, agentId: string) => `${updatedAt}#${agentId}`,
  /** An agent's action (an OpenAPI document, its key sealed) beside the agent: one query reads an agent's actions. */
  agentAction: (userId: string, agentId: string, actionId: string) => ({ pk: `USER#${userId}`, sk: `ACTION#${agentId}#${actionId}` }),
  agentActionPrefix: (agentId?: string) => (agentId ? `ACTION#${agentId}#` : 'ACTION#'),
  /** A user's OAuth tokens for one action (sealed), in the user's own partition whoever wrote the agent. */
  actionToken: (userId: string, actionId: string) => ({ pk: `USER#${userId}`, sk: `ACTION_TOKEN#${actionId}` }),
  /** A plugin the user installed, with its values sealed. */
  userPlugin: (userId: string, pluginKey: string) => ({ pk: `USER#${userId}`, sk: `PLUGIN#${pluginKey}` }),
  userPluginPrefix: 'PLUGIN#',
} as const;
