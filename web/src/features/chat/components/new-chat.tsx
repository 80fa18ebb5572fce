import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { useSignedInAuthor } from '@/components/user-avatar.tsx';
import { useUserSettings } from '@/lib/user-settings.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import { useAgentNames } from '../hooks/use-agent-names.ts';
import { useChat } from '../hooks/use-chat.ts';
import { AgentGreeting } from './agent-greeting.tsx';
import { ComposerDock } from './composer/composer-dock.tsx';
import { conversationViewCode } from './conversation/conversation-view-code.ts';
import { Composer } from './composer/composer.tsx';
import { TemporaryChatToggle } from './temporary-chat-toggle.tsx';

// Messages bring the markdown renderer (about 56 KB gzipped): the empty page fetches it once idle,
// with the conversation view the page moves to once the server names the chat, so neither delays
// the page's first paint nor the first question.
const loadStream = () => {
  void conversationViewCode.load();
  return import('./new-chat-stream.tsx');
};
const NewChatStream = lazy(() => loadStream().then((module) => ({ default: module.NewChatStream })));

/**
 * /c/new: a calm greeting above the composer. Once a message is sent it shows until the server
 * names the conversation, and the page moves to /c/<id> with the reply still streaming. With an
 * agent chosen (or `?agent_id=` from the agent builder) the agent greets instead, with its starters.
 */
export function NewChat() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const chat = useChat(null, [], search.get('agent_id'));
  const agentNames = useAgentNames(chat.models);
  const author = useSignedInAuthor();
  const { centerInput } = useUserSettings();
  useEffect(() => whenIdle(() => void loadStream()), []);
  const composer = <Composer conversationId={null} models={chat.models} streaming={chat.streaming} onSend={chat.sendText} onStop={chat.stop} />;

  if (chat.stream) {
    const stream = chat.stream;
    return (
      <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-4 pt-10 sm:px-8">
        <Suspense fallback={null}>
          <NewChatStream messages={chat.messages} stream={stream} agentNames={agentNames} author={author} />
        </Suspense>
        <ComposerDock>{composer}</ComposerDock>
      </div>
    );
  }

  const agent = chat.models.agent;
  const greeting = agent ? (
    <AgentGreeting agent={agent} onStart={(text) => chat.sendText(text)} disabled={!chat.canGenerate} />
  ) : (
    <>
      <p className="text-sm font-medium tracking-wide text-accent uppercase">{t('chat.newPage.eyebrow')}</p>
      <h1 className="mt-2 text-4xl font-semibold text-ink sm:text-5xl">{t('chat.newPage.title')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('chat.newPage.body')}</p>
    </>
  );

  // The center-input setting: the box under the greeting in the middle, or waiting at the bottom.
  if (!centerInput) {
    return (
      <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-4 sm:px-8">
        <div className="animate-slide-up pt-16 sm:pt-24">
          {greeting}
          <TemporaryChatToggle className="mt-6" />
        </div>
        <ComposerDock>{composer}</ComposerDock>
      </div>
    );
  }

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-8rem)] w-full max-w-2xl flex-col justify-center px-4 pb-16 sm:px-6">
      <div className="animate-slide-up">
        {greeting}
        <TemporaryChatToggle className="mt-6" />
        <div className="mt-8">{composer}</div>
      </div>
    </div>
  );
}
