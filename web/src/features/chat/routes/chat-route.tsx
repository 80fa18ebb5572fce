import { useParams } from 'react-router-dom';
import { ConversationView } from '../components/conversation/conversation-view.tsx';
import { StreamAnnouncer } from '../components/conversation/stream-announcer.tsx';
import { NewChat } from '../components/new-chat.tsx';
import { isNewConversationId } from '../lib/conversation-id.ts';

/** /c/new and /c/:conversationId (spec 000 section 2); an id starting with "_" was cancelled and means new. */
export function Component() {
  const { conversationId } = useParams();
  return (
    <>
      {/* A fresh view per conversation: edits, forks and scroll position belong to one conversation. */}
      {isNewConversationId(conversationId) ? <NewChat /> : <ConversationView key={conversationId} conversationId={conversationId!} />}
      <StreamAnnouncer />
    </>
  );
}
