import type { Message } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { AgentNamesProvider, type AgentNames } from '@/components/messages/agent-names.tsx';
import { MessageTree, type MessageAuthor } from '@/components/messages/message-tree.tsx';
import type { ReplyOnScreen } from '../lib/stream-store.ts';
import { ConversationText } from './conversation/conversation-text.tsx';
import { streamingReply } from './conversation/streaming-reply.tsx';

interface NewChatStreamProps {
  messages: readonly Message[];
  stream: ReplyOnScreen;
  agentNames: AgentNames;
  author: MessageAuthor | undefined;
}

/** A new chat's first question and its streaming reply, until the server names the conversation. */
export function NewChatStream({ messages, stream, agentNames, author }: NewChatStreamProps) {
  const { t } = useTranslation();
  return (
    <ConversationText>
      <AgentNamesProvider value={agentNames}>
        <MessageTree
          messages={messages}
          renderActions={() => null}
          author={author}
          busy
          renderBody={(entry) => (entry.message.messageId === stream.response.messageId ? streamingReply(stream, t) : null)}
        />
      </AgentNamesProvider>
    </ConversationText>
  );
}
