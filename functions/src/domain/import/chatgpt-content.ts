import { linkCitations } from './chatgpt-citations.ts';
import { blockquote, fence, joinBlocks, link, notImported, webUrl } from './markdown.ts';
import { isRecord } from './types.ts';

/** Content that is settings or memory, not a turn of the conversation. */
export const CONTEXT_TYPES = new Set(['user_editable_context', 'model_editable_context']);

export interface ChatGptContentMessage {
  author: { role: string };
  content: Record<string, unknown> & { content_type: string };
  metadata?: Record<string, unknown> | null | undefined;
}

/** What a ChatGPT message shows: its text, and the model's reasoning when it is a thoughts node. */
export interface RenderedContent {
  text: string;
  think?: string;
}

interface Attachment {
  id: string;
  name: string;
}

/**
 * A ChatGPT message as markdown. Tool and browsing output (code, execution output, browsing
 * results, quotes, errors) is kept as a block a reader can tell apart; images and files, whose
 * bytes an export leaves behind in its folder, become markers naming them.
 */
export function renderChatGptContent(message: ChatGptContentMessage): RenderedContent {
  const { content } = message;
  const attachments = readAttachments(message.metadata?.attachments);
  const referenced = new Set<string>();
  const body = bodyOf(content, attachments, referenced);
  const linked = message.author.role === 'user' ? body : linkCitations(body, message.metadata);
  const files = attachments.filter((attachment) => !referenced.has(attachment.id)).map((attachment) => notImported('File', attachment.name));
  const think = content.content_type === 'thoughts' ? thoughts(content.thoughts) : '';
  return { text: joinBlocks([linked, ...files]), ...(think ? { think } : {}) };
}

/** The content itself; image parts that name an attachment add its id to `referenced`. */
function bodyOf(content: ChatGptContentMessage['content'], attachments: Attachment[], referenced: Set<string>): string {
  switch (content.content_type) {
    case 'code': {
      const language = typeof content.language === 'string' && content.language !== 'unknown' ? content.language : '';
      return text(content.text) ? fence(text(content.text), language) : '';
    }
    case 'execution_output':
      return text(content.text) ? `Output:\n${fence(text(content.text))}` : '';
    case 'tether_browsing_display':
      return joinBlocks([text(content.result) && `Browsing results:\n${fence(text(content.result))}`, text(content.summary)]);
    case 'tether_quote':
      return quote(content);
    case 'system_error':
      return text(content.text) ? `Error${text(content.name) ? ` (${text(content.name)})` : ''}:\n${fence(text(content.text))}` : '';
    case 'thoughts':
    case 'reasoning_recap':
      // The reasoning goes to a think part; the recap ("Thought for 12s") is the app's chrome.
      return '';
    default: {
      if (Array.isArray(content.parts)) return content.parts.map((part) => partText(part, attachments, referenced)).filter(Boolean).join('\n\n');
      // A kind this importer does not know: its text is kept rather than lost.
      const raw = text(content.text) || text(content.result);
      return raw ? fence(raw) : '';
    }
  }
}

function partText(part: unknown, attachments: Attachment[], referenced: Set<string>): string {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return '';
  switch (part.content_type) {
    case 'image_asset_pointer': {
      const pointer = text(part.asset_pointer);
      const attachment = attachments.find((candidate) => pointer.endsWith(`/${candidate.id}`));
      if (attachment) referenced.add(attachment.id);
      return notImported('Image', attachment?.name);
    }
    case 'audio_transcription':
      return text(part.text);
    default:
      return '';
  }
}

function quote(content: Record<string, unknown>): string {
  const quoted = text(content.text);
  if (!quoted.trim()) return '';
  const url = webUrl(content.url);
  const title = text(content.title) || text(content.domain);
  const source = url ? link(title, url) : title;
  return joinBlocks([source ? `Quote from ${source}:` : 'Quote:', blockquote(quoted)]);
}

function thoughts(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return joinBlocks(value.map((thought) => (isRecord(thought) ? joinBlocks([text(thought.summary) && `**${text(thought.summary)}**`, text(thought.content)]) : '')));
}

function readAttachments(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (isRecord(item) && typeof item.id === 'string' && typeof item.name === 'string' ? [{ id: item.id, name: item.name }] : []));
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
