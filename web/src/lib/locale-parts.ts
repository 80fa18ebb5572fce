import type { Resources } from '@/locales/en/index.ts';
import type { eagerEn } from '@/locales/en/eager.ts';
import { i18n } from './i18n.ts';

export { SHARE_PAGE_PARTS, SIGNED_IN_PARTS } from './locale-part-sets.ts';

/** A part of the English strings that is not in the entry bundle. */
export type LocalePart = Exclude<keyof Resources, keyof typeof eagerEn>;

// One dynamic import per part: Vite gives each its own small chunk. Typed against `Resources`, so a
// part appended to locales/en/index.ts fails tsc here until it says how it loads.
const loaders: { [P in LocalePart]: () => Promise<Resources[P]> } = {
  landing: () => import('@/locales/en/landing.ts').then((m) => m.landing),
  register: () => import('@/locales/en/register.ts').then((m) => m.register),
  shell: () => import('@/locales/en/shell.ts').then((m) => m.shell),
  today: () => import('@/locales/en/today.ts').then((m) => m.today),
  chat: () => import('@/locales/en/chat.ts').then((m) => m.chat),
  composer: () => import('@/locales/en/composer.ts').then((m) => m.composer),
  messages: () => import('@/locales/en/messages.ts').then((m) => m.messages),
  settings: () => import('@/locales/en/settings.ts').then((m) => m.settings),
  share: () => import('@/locales/en/share.ts').then((m) => m.share),
  wins: () => import('@/locales/en/wins.ts').then((m) => m.wins),
  twoFactor: () => import('@/locales/en/two-factor.ts').then((m) => m.twoFactor),
  terms: () => import('@/locales/en/terms.ts').then((m) => m.terms),
  interest: () => import('@/locales/en/interest.ts').then((m) => m.interest),
  admin: () => import('@/locales/en/admin.ts').then((m) => m.admin),
  mentorInterview: () => import('@/locales/en/mentor-interview.ts').then((m) => m.mentorInterview),
  fragments: () => import('@/locales/en/fragments.ts').then((m) => m.fragments),
  northStar: () => import('@/locales/en/north-star.ts').then((m) => m.northStar),
  log: () => import('@/locales/en/log.ts').then((m) => m.log),
  coachChats: () => import('@/locales/en/coach-chats.ts').then((m) => m.coachChats),
  mentorFeed: () => import('@/locales/en/mentor-feed.ts').then((m) => m.mentorFeed),
  adminUsers: () => import('@/locales/en/admin-users.ts').then((m) => m.adminUsers),
  adminSignups: () => import('@/locales/en/admin-signups.ts').then((m) => m.adminSignups),
  adminBanners: () => import('@/locales/en/admin-banners.ts').then((m) => m.adminBanners),
  speech: () => import('@/locales/en/speech.ts').then((m) => m.speech),
  artifacts: () => import('@/locales/en/artifacts.ts').then((m) => m.artifacts),
  attachments: () => import('@/locales/en/attachments.ts').then((m) => m.attachments),
  prompts: () => import('@/locales/en/prompts.ts').then((m) => m.prompts),
  agents: () => import('@/locales/en/agents.ts').then((m) => m.agents),
  roles: () => import('@/locales/en/roles.ts').then((m) => m.roles),
  codeRun: () => import('@/locales/en/code-run.ts').then((m) => m.codeRun),
  sendChecks: () => import('@/locales/en/send-checks.ts').then((m) => m.sendChecks),
};

const loaded = new Map<LocalePart, Promise<void>>();

/** Adds the parts to English once each; resolves when all of them can be translated. */
export function loadLocaleParts(parts: readonly LocalePart[]): Promise<void> {
  return Promise.all(
    parts.map((part) => {
      let loading = loaded.get(part);
      if (!loading) {
        loading = loaders[part]().then((strings) => {
          i18n.addResourceBundle('en', 'translation', { [part]: strings }, true, true);
        });
        // A failed chunk (offline) may be retried by the next navigation.
        loading.catch(() => loaded.delete(part));
        loaded.set(part, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** A route's `lazy`: its module and the strings it shows, fetched in parallel. */
export function withLocaleParts<M>(parts: readonly LocalePart[], load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadLocaleParts(parts)]))[0];
}
