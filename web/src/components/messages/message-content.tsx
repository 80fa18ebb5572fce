import type { Message } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { artifactStarts, TextWithArtifacts } from '@/components/artifacts/text-with-artifacts.tsx';
import { useMessageDisplaySettings } from './display-settings.tsx';
import { Icon } from './icons.tsx';
import { CodeBlockPlaceProvider } from './code-run-scope.tsx';
import { MarkdownText } from './markdown.tsx';
import { useAgentNames } from './agent-names.tsx';
import { MessageAttachments, ToolFiles } from './message-attachments.tsx';
import { MessageImage, safeImageUrl } from './message-image.tsx';
import { readToolCall } from './tool-call-model.ts';
import { Refusal } from './refusal.tsx';
import { ToolCall } from './tool-call.tsx';

type Part = NonNullable<Message['content']>[number];
type Loose = Record<string, unknown>;

const record = (value: unknown): Loose | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : null);

/** LibreChat stores text parts either as a string or as `{ value }`. */
function textValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const text = record(value)?.value;
  return typeof text === 'string' ? text : '';
}

function ErrorText({ text }: { text: string }) {
  const { t } = useTranslation();
  return <p className="my-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger first:mt-0">{text || t('messages.errorFallback')}</p>;
}

function Thinking({ text }: { text: string }) {
  const { t } = useTranslation();
  const { showThinking } = useMessageDisplaySettings();
  const [open, setOpen] = useState(showThinking);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group/think my-3 rounded-xl border border-line bg-sunken/50 first:mt-0">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm text-ink-soft select-none hover:text-ink [&::-webkit-details-marker]:hidden">
        <Icon name="chevronDown" className="size-3.5 -rotate-90 transition-transform group-open/think:rotate-0" />
        {t('messages.thinking')}
      </summary>
      <div className="border-t border-line px-4 py-3 text-sm whitespace-pre-wrap text-ink-soft">{text}</div>
    </details>
  );
}

/** A quiet line when another agent takes over; the conversation's own agent goes unannounced. */
function AgentUpdate({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const names = useAgentNames();
  if (agentId && names?.current === agentId) return null;
  const name = agentId ? names?.nameOf(agentId) : null;
  return (
    <p className="my-2 flex items-center gap-2 text-xs text-ink-faint first:mt-0">
      <Icon name="agent" className="size-3.5" />
      {name ? t('messages.agentAnswering', { name }) : agentId ? t('messages.agentSwitched', { agentId }) : t('messages.agentUpdate')}
    </p>
  );
}

/** An image part or attachment as LibreChat stores it: a URL string, `{ url }`, or a file with `filepath`. */
function ImagePart({ source }: { source: unknown }) {
  const { t } = useTranslation();
  const file = record(source);
  const url = safeImageUrl(typeof source === 'string' ? source : (file?.url ?? file?.filepath));
  if (!url) return <p className="my-3 text-sm text-ink-faint italic">{t('messages.imageUnavailable')}</p>;
  // Stored files (image_file parts, attachments) reserve their box; a bare URL has no size to reserve.
  const size = file && typeof file.filepath === 'string' ? { width: file.width, height: file.height } : null;
  return <MessageImage url={url} alt={typeof file?.filename === 'string' ? file.filename : null} size={size} />;
}

/** A file stored by this site: fetched with the user's token, shown inline or downloaded. */
const isStoredFile = (attachment: Loose) => typeof attachment.filepath === 'string' && attachment.filepath.startsWith('/api/files/') && typeof attachment.file_id === 'string';

function isImageAttachment(attachment: Loose): boolean {
  const type = typeof attachment.type === 'string' ? attachment.type : '';
  return type.startsWith('image/') || (typeof attachment.filepath === 'string' && /\.(png|jpe?g|gif|webp|avif)$/i.test(attachment.filepath));
}

interface PartViewProps {
  part: Part;
  streaming: boolean;
  attachments: Loose[];
  messageId: string;
  /** The number of this part's first artifact (they count across the reply's text parts). */
  firstArtifact: number;
}

function PartView({ part, streaming, attachments, messageId, firstArtifact }: PartViewProps) {
  switch (part.type) {
    case 'text':
      return <TextWithArtifacts text={textValue(part.text)} messageId={messageId} firstIndex={firstArtifact} />;
    case 'think':
      return <Thinking text={textValue(part.think)} />;
    case 'error':
      return <ErrorText text={textValue(part.error)} />;
    case 'refusal':
      return <Refusal text={textValue(part.refusal)} reason={textValue(part.reason)} />;
    case 'agent_update': {
      const agentId = record(part.agent_update)?.agentId;
      return <AgentUpdate agentId={typeof agentId === 'string' ? agentId : ''} />;
    }
    case 'tool_call': {
      const call = readToolCall(part);
      if (!call) return null;
      const own = call.id ? attachments.filter((attachment) => attachment.toolCallId === call.id) : [];
      const stored = own.filter(isStoredFile);
      const images = own.filter((attachment) => !isStoredFile(attachment) && isImageAttachment(attachment));
      // Only a call that made files gets the files row (an empty fragment would still draw it).
      const files = stored.length || images.length ? (
        <>
          {stored.length ? <ToolFiles files={stored as { file_id: string }[]} /> : null}
          {images.map((image, index) => (
            <ImagePart key={index} source={image} />
          ))}
        </>
      ) : null;
      return (
        <ToolCall call={call} streaming={streaming}>
          {files}
        </ToolCall>
      );
    }
    case 'image_url':
      return <ImagePart source={part.image_url} />;
    case 'image_file':
      return <ImagePart source={part.image_file} />;
    default:
      return null;
  }
}

interface MessageContentProps {
  message: Message;
  /** The reply is still streaming: a tool call below progress 1 is running rather than stopped. */
  streaming?: boolean;
}

/** A message's body: its parts when it has them, else its text; errors and unfinished replies say so. */
export function MessageContent({ message, streaming = false }: MessageContentProps) {
  const { t } = useTranslation();
  const { userMarkdown } = useMessageDisplaySettings();
  const parts = message.content ?? [];
  const attachments = (message.attachments ?? []).flatMap((attachment) => {
    const fields = record(attachment);
    return fields ? [fields] : [];
  });
  const plain = message.isCreatedByUser && !userMarkdown;
  // Stored files whose tool call is not among the parts (or has no id) still belong to the reply.
  const callIds = new Set(parts.flatMap((part) => (part.type === 'tool_call' ? [readToolCall(part)?.id] : [])));
  const loose = attachments.filter((attachment) => isStoredFile(attachment) && !callIds.has(attachment.toolCallId as string));
  const firstArtifacts = artifactStarts(parts.map((part) => (part.type === 'text' && !message.isCreatedByUser ? textValue(part.text) : null)));
  // A block runs once its reply is saved: while it streams, its code may still be growing.
  const runnable = !message.isCreatedByUser && !streaming;
  return (
    <div className="min-w-0 break-words">
      {message.isCreatedByUser ? <MessageAttachments files={message.files} /> : null}
      {message.error && !parts.length ? (
        <ErrorText text={message.text} />
      ) : parts.length ? (
        parts.map((part, index) => (
          <CodeBlockPlaceProvider key={index} value={runnable ? { messageId: message.messageId, partIndex: index } : null}>
            <PartView part={part} streaming={streaming} attachments={attachments} messageId={message.messageId} firstArtifact={firstArtifacts[index] ?? 0} />
          </CodeBlockPlaceProvider>
        ))
      ) : plain ? (
        <p className="whitespace-pre-wrap">{message.text}</p>
      ) : message.isCreatedByUser ? (
        <MarkdownText text={message.text} />
      ) : (
        <CodeBlockPlaceProvider value={runnable ? { messageId: message.messageId, partIndex: 0 } : null}>
          <TextWithArtifacts text={message.text} messageId={message.messageId} />
        </CodeBlockPlaceProvider>
      )}
      {loose.length ? (
        <div className="my-3">
          <ToolFiles files={loose as { file_id: string }[]} />
        </div>
      ) : null}
      {message.unfinished && !message.error ? <p className="mt-3 text-sm text-ink-faint italic">{t('messages.unfinished')}</p> : null}
      {message.truncated ? <p className="mt-3 text-sm text-ink-faint italic">{t('messages.truncated')}</p> : null}
    </div>
  );
}
