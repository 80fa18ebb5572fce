import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PagesStack } from './stack.ts';

export type Visitor = 'guest' | 'member' | 'admin';

export interface PageVisit {
  label: string;
  visitor: Visitor;
  url: (ids: PagesStack['ids']) => string;
  /** A page with a tighter LCP target than the general budget (issue 25: a conversation paints within 1.5 s). */
  lcpBudgetMs?: number;
}

/** Issue 25: a conversation's first messages paint within 1.5 s at 4x CPU. */
const CONVERSATION_LCP_MS = 1_500;

const ROUTES_FILE = fileURLToPath(new URL('../../web/src/app/routes.tsx', import.meta.url));

/** Every `path:` declared in the web app's route table, as written there. */
export function declaredRoutePaths(source = readFileSync(ROUTES_FILE, 'utf8')): string[] {
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);
}

/**
 * How to open each declared path with data on it. Null marks a path that renders nothing of its
 * own (a redirect, or a parent whose children are listed). A path missing here is reported.
 */
export const VISITS: Record<string, PageVisit[] | null> = {
  welcome: [{ label: 'landing', visitor: 'guest', url: () => '/welcome' }],
  login: [{ label: 'login', visitor: 'guest', url: () => '/login' }],
  'login/2fa': [{ label: 'two-factor step', visitor: 'guest', url: () => '/login/2fa?tempToken=bench' }],
  register: [{ label: 'sign-up', visitor: 'guest', url: () => '/register' }],
  'forgot-password': [{ label: 'forgot password', visitor: 'guest', url: () => '/forgot-password' }],
  'reset-password': [{ label: 'reset password', visitor: 'guest', url: () => '/reset-password?token=bench&userId=bench' }],
  'users/signup': [{ label: 'member interest form', visitor: 'guest', url: () => '/users/signup' }],
  'mentors/signup': [{ label: 'mentor interest form', visitor: 'guest', url: () => '/mentors/signup' }],
  verify: [{ label: 'verify e-mail', visitor: 'guest', url: () => '/verify?token=bench&email=bench%40example.com' }],
  'share/:shareId': [{ label: 'shared conversation', visitor: 'guest', url: (ids) => `/share/${ids.share}` }],
  'mentor-interview/:token': null,
  start: [{ label: 'mentor interview, start', visitor: 'guest', url: (ids) => `/mentor-interview/${ids.interview}/start` }],
  'question/:step': [{ label: 'mentor interview, question', visitor: 'guest', url: (ids) => `/mentor-interview/${ids.interview}/question/1` }],
  complete: [{ label: 'mentor interview, done', visitor: 'guest', url: (ids) => `/mentor-interview/${ids.interview}/complete` }],
  today: [{ label: 'today (compass, reflection)', visitor: 'member', url: () => '/today' }],
  log: [{ label: 'log', visitor: 'member', url: () => '/log' }],
  'library/wins-vault': [{ label: 'wins vault', visitor: 'member', url: () => '/library/wins-vault' }],
  'library/north-star': [{ label: 'north star', visitor: 'member', url: () => '/library/north-star' }],
  fragments: [{ label: 'fragments', visitor: 'member', url: () => '/fragments' }],
  chats: [{ label: 'coach chats', visitor: 'member', url: () => '/chats' }],
  'mentor/feed': [{ label: 'mentor feed', visitor: 'member', url: () => '/mentor/feed' }],
  'mentor-feed': null,
  wins: null,
  'settings/:tab?': [{ label: 'settings dialog', visitor: 'member', url: () => '/settings' }],
  'c/:conversationId': [
    { label: 'chat home (new chat)', visitor: 'member', url: () => '/c/new' },
    { label: 'conversation, 20 messages', visitor: 'member', url: (ids) => `/c/${ids.shortConversation}`, lcpBudgetMs: CONVERSATION_LCP_MS },
    { label: 'conversation, 2,000 messages', visitor: 'member', url: (ids) => `/c/${ids.longConversation}`, lcpBudgetMs: CONVERSATION_LCP_MS },
  ],
  search: [{ label: 'search', visitor: 'member', url: () => '/search?q=Conversation' }],
  me: [
    { label: 'profile', visitor: 'member', url: () => '/me' },
    { label: 'admin panel', visitor: 'admin', url: () => '/me' },
  ],
  'prompts/:groupId?': [{ label: 'prompt library', visitor: 'member', url: () => '/prompts' }],
  'agents/:agentId?': [{ label: 'agents', visitor: 'member', url: () => '/agents' }],
};

/** Declared paths the table above does not say how to open. */
export function unmappedPaths(): string[] {
  return declaredRoutePaths().filter((path) => !(path in VISITS));
}
