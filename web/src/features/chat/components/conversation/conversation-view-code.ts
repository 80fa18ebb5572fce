import { lazyComponent, lazyModule } from '@/components/messages/lazy-module.ts';

/**
 * The conversation view's code, with the markdown renderer (about 56 KB gzipped, which /c/new does
 * without). The route's loader asks for it as a navigation to a conversation starts; once loaded,
 * the view renders in the same pass as the page around it (issue 25 §7).
 */
export const conversationViewCode = lazyModule(() => import('./conversation-view.tsx'));

export const ConversationViewWhenLoaded = lazyComponent(conversationViewCode, (code) => code.ConversationView);
