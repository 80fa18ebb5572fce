import type { ConversationSettings } from '@meld/shared';
import type { ChatTurn } from '../../providers/llm/types.ts';
import { estimatePromptTokens } from '../../providers/llm/usage-estimate.ts';
import { documentBlock } from '../files/attachments-text.ts';
import type { MessageAttachments } from './attachments.ts';
import { contextTokens, replyReserve } from './context-window.ts';

/**
 * Appends each turn's documents to its text as delimited blocks, within the room the model's
 * context leaves once the conversation, its images and the reply's reserve are counted. The
 * newest message's documents are fitted first: they are what the user is asking about.
 */
export function withDocuments(turns: ChatTurn[], documents: ReadonlyMap<ChatTurn, MessageAttachments['documents']>, settings: ConversationSettings): ChatTurn[] {
  const context = contextTokens(settings);
  let room = context - replyReserve(settings, context) - estimatePromptTokens(turns);
  const blocks = new Map<ChatTurn, string[]>();
  for (const turn of [...turns].reverse()) {
    for (const document of documents.get(turn) ?? []) {
      const { block } = documentBlock(document.filename, document.text, Math.max(room, 0));
      // The block's own framing counts too; a document with no room left still says it was cut.
      room -= Math.ceil(block.length / 3);
      blocks.set(turn, [...(blocks.get(turn) ?? []), block]);
    }
  }
  return turns.map((turn) => {
    const added = blocks.get(turn);
    return added ? { ...turn, content: `${turn.content}\n\n${added.join('\n\n')}` } : turn;
  });
}
