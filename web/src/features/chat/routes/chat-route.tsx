import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ConversationSkeleton } from '../components/conversation/conversation-skeleton.tsx';
import { ConversationViewWhenLoaded } from '../components/conversation/conversation-view-code.ts';
import { StreamAnnouncer } from '../components/conversation/stream-announcer.tsx';
import { NewChat } from '../components/new-chat.tsx';
import { isNewConversationId } from '../lib/conversation-id.ts';

/** /c/new and /c/:conversationId (spec 000 section 2); an id starting with "_" was cancelled and means new. */
export function Component() {
  const { conversationId } = useParams();
  const isNew = isNewConversationId(conversationId);
  return (
    <>
      {/* A fresh view per conversation: edits, forks and scroll position belong to one conversation. */}
      {isNew ? (
        <NewChat />
      ) : (
        <Suspense fallback={<ConversationSkeleton />}>
          <ConversationViewWhenLoaded key={conversationId} conversationId={conversationId!} />
        </Suspense>
      )}
      <StreamAnnouncer conversationId={isNew ? null : conversationId!} />
    </>
  );
}
