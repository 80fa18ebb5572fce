import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { ArtifactWorkspace } from '@/components/artifacts/artifact-workspace.tsx';
import { AgentNamesProvider } from '@/components/messages/agent-names.tsx';
import { CodeRunConversationProvider } from '@/components/messages/code-run-scope.tsx';
import { MessageTree } from '@/components/messages/message-tree.tsx';
import { useSignedInAuthor } from '@/components/user-avatar.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useMainContentPending } from '@/lib/main-content-first.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { MessageContent } from '@/components/messages/message-content.tsx';
import { convoQuery, messagesQuery } from '../../api/conversation-queries.ts';
import { withCatalogueErrors } from '../../lib/chat-errors.ts';
import { useAgentNames } from '../../hooks/use-agent-names.ts';
import { useChat } from '../../hooks/use-chat.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useFollowStream } from '../../hooks/use-follow-stream.ts';
import { pollWhileCopying, useRefetchWhenCopied } from '../../hooks/use-copy-progress.ts';
import { ComposerDock } from '../composer/composer-dock.tsx';
import { Composer } from '../composer/composer.tsx';
import { ConversationHeader } from './conversation-header.tsx';
import { ConversationSkeleton } from './conversation-skeleton.tsx';
import { ConversationText } from './conversation-text.tsx';
import { ScrollToEnd } from './scroll-to-end.tsx';
import { streamingReply } from './streaming-reply.tsx';
import { useMessageEditing } from './use-message-editing.tsx';

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-semibold text-ink">{t('chat.conversation.notFoundTitle')}</h1>
      <p className="mt-3 text-ink-soft">{t('chat.conversation.notFoundBody')}</p>
      <Link to="/c/new" className={buttonClasses('secondary', 'md', 'mt-8')}>
        {t('chat.newChat')}
      </Link>
    </div>
  );
}

/**
 * /c/:id: the title, bookmarks and share in a header, the message tree with per-message actions
 * and the reply streaming into it, and the composer.
 */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const convo = useQuery({ ...convoQuery(conversationId), refetchInterval: pollWhileCopying });
  const messages = useQuery(messagesQuery(conversationId));
  const copying = convo.data?.copying === true;
  useRefetchWhenCopied(conversationId, copying);
  const chat = useChat(conversationId, messages.data);
  const author = useSignedInAuthor();
  const agentNames = useAgentNames(chat.models);
  const editing = useMessageEditing(conversationId, chat);
  useDocumentTitle(convo.data?.title);
  const streamingId = chat.stream?.response.messageId;
  const { autoScroll, scrollButton } = useUserSettings();
  const { stream } = chat;
  const { renderActions: editingActions, renderBody: editingBody } = editing;
  // Stable between renders that change nothing a row shows: the tree's rows are memoised on them.
  const renderActions = useCallback(
    (entry: BranchEntry, branch: readonly BranchEntry[]) => (entry.message.messageId === streamingId ? null : editingActions(entry, branch)),
    [streamingId, editingActions],
  );
  const renderBody = useCallback(
    (entry: BranchEntry) => {
      if (stream && entry.message.messageId === streamingId) return streamingReply(stream, t);
      const editor = editingBody(entry);
      if (editor || !entry.message.error) return editor;
      return <MessageContent message={withCatalogueErrors(t, entry.message)} />;
    },
    [stream, streamingId, editingBody, t],
  );
  useFollowStream(`${chat.stream?.lastTokenAt}:${!!chat.stream?.error}:${chat.stream?.slow}`, !!chat.stream && autoScroll);

  // The loaded conversation's first render (every row's markdown, actions and virtualiser) is the
  // page's biggest piece of work. Query data renders synchronously, in one long task; as a deferred
  // value it renders in a transition, which React splits into 5 ms slices while the skeleton stays
  // on screen, so the page answers input meanwhile (issue 25's total blocking time). Not with a
  // reply streaming in (a reload or second tab): each token is an urgent update that would start the
  // sliced render over, and the skeleton would stay until React gave up waiting (5 s).
  const loaded = !!convo.data && !!messages.data;
  const deferredShown = useDeferredValue(loaded, false) || (loaded && !!chat.stream);
  // Once shown, the view stays: a stream ending before the deferred render lands must not swap the
  // mounted messages back for the skeleton (losing scroll and focus). The view is keyed per conversation.
  const [everShown, setEverShown] = useState(false);
  if (deferredShown && !everShown) setEverShown(true);
  const shown = loaded && (deferredShown || everShown);
  // The sidebar's first rows wait for this draw, rather than commit with it. (Under an error screen
  // the deferred value still commits, and releases them.)
  useMainContentPending(loaded && !shown);

  const failure = convo.error ?? messages.error;
  if (failure instanceof ApiError && failure.status === 404) return <NotFound />;
  if (failure) {
    return (
      <div className="mx-auto max-w-xl px-6 py-16">
        <Alert title={t('chat.conversation.loadError')}>
          <Button variant="quiet" size="sm" onClick={() => void Promise.all([convo.refetch(), messages.refetch()])}>
            {t('chat.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (!convo.data || !messages.data || !shown) return <ConversationSkeleton />;

  return (
    <ArtifactWorkspace conversationId={conversationId} messages={chat.messages}>
      <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-4 sm:px-8">
        <ConversationHeader conversation={convo.data} messages={messages.data} />
        {copying ? (
          <p role="status" className="mt-4 flex items-center gap-2 rounded-lg bg-surface px-4 py-3 text-sm text-ink-soft">
            <Spinner />
            {t('chat.conversation.copying')}
          </p>
        ) : null}
        {chat.messages.length ? (
          <ConversationText>
            <CodeRunConversationProvider value={conversationId}>
              <AgentNamesProvider value={agentNames}>
                <MessageTree
                  messages={chat.messages}
                  renderActions={renderActions}
                  renderBody={renderBody}
                  onBranchChange={chat.onBranchChange}
                  author={author}
                  busy={chat.streaming}
                  startAtEnd
                />
              </AgentNamesProvider>
            </CodeRunConversationProvider>
          </ConversationText>
        ) : copying ? null : (
          <p className="py-16 text-center text-ink-faint">{t('chat.conversation.empty')}</p>
        )}
        <ComposerDock>
          {scrollButton ? <ScrollToEnd /> : null}
          <Composer conversationId={conversationId} models={chat.models} streaming={chat.streaming} onSend={chat.sendText} onStop={chat.stop} />
        </ComposerDock>
      </div>
    </ArtifactWorkspace>
  );
}
