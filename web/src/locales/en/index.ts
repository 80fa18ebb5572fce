import { auth } from './auth.ts';
import { chat } from './chat.ts';
import { common } from './common.ts';
import { composer } from './composer.ts';
import { landing } from './landing.ts';
import { messages } from './messages.ts';
import { register } from './register.ts';
import { settings } from './settings.ts';
import { share } from './share.ts';
import { shell } from './shell.ts';
import { today } from './today.ts';
import { wins } from './wins.ts';
import { twoFactor } from './two-factor.ts';
import { terms } from './terms.ts';
import { interest } from './interest.ts';
import { socialSignIn } from './social-sign-in.ts';
import { recovery } from './account-recovery.ts';
import { mentorInterview } from './mentor-interview.ts';
import { admin } from './admin.ts';
import { fragments } from './fragments.ts';
import { northStar } from './north-star.ts';
import { log } from './log.ts';
import { coachChats } from './coach-chats.ts';
import { mentorFeed } from './mentor-feed.ts';
import { adminSignups } from './admin-signups.ts';
import { adminUsers } from './admin-users.ts';
import { adminBanners } from './admin-banners.ts';
import { speech } from './speech.ts';
import { artifacts } from './artifacts.ts';
import { attachments } from './attachments.ts';
import { agents } from './agents.ts';
import { prompts } from './prompts.ts';
import { roles } from './roles.ts';
import { codeRun } from './code-run.ts';

/** English is complete; every other language falls back to it key by key. */
export const en = { ...common, landing, auth, register, shell, today, chat, composer, messages, settings, share, wins, twoFactor, terms, interest, socialSignIn, recovery, admin, mentorInterview, fragments, northStar, log, coachChats, mentorFeed, adminUsers, adminSignups, adminBanners, speech, artifacts, attachments, prompts, agents, roles, codeRun } as const;

export type Resources = typeof en;
