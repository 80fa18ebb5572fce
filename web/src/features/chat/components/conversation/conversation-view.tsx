import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MessageTree } from '@/components/messages/message-tree.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { convoQuery, messagesQuery } from '../../api/chat-queries.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { ConversationHeader } from './conversation-header.tsx';
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

/** /c/:id: the title, bookmarks and share in a header, then the message tree with per-message actions. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const convo = useQuery(convoQuery(conversationId));
  const messages = useQuery(messagesQuery(conversationId));
  const editing = useMessageEditing(conversationId);
  useDocumentTitle(convo.data?.title);

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
  if (!convo.data || !messages.data) {
    return (
      <div className="grid place-items-center py-24 text-2xl text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-24 sm:px-8">
      <ConversationHeader conversation={convo.data} messages={messages.data} />
      {messages.data.length ? (
        <MessageTree messages={messages.data} renderActions={editing.renderActions} renderBody={editing.renderBody} startAtEnd />
      ) : (
        <p className="py-16 text-center text-ink-faint">{t('chat.conversation.empty')}</p>
      )}
    </div>
  );
}
