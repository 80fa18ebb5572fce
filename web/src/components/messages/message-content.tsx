import type { Message } from '@meld/shared';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';
import { MarkdownText } from './markdown.tsx';

type Part = NonNullable<Message['content']>[number];

/** LibreChat stores text parts either as a string or as `{ value }`. */
function textValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return '';
}

function toolName(part: Part): string {
  const call = part.tool_call;
  if (call && typeof call === 'object' && 'name' in call && typeof call.name === 'string') return call.name.replaceAll('---', '.');
  return '';
}

function imageUrl(part: Part): string | null {
  const source = part.type === 'image_url' ? part.image_url : part.type === 'image_file' ? part.image_file : null;
  const url = typeof source === 'string' ? source : source && typeof source === 'object' ? ((source as { url?: unknown; filepath?: unknown }).url ?? (source as { filepath?: unknown }).filepath) : null;
  return typeof url === 'string' && /^(https:\/\/|\/)/.test(url) ? url : null;
}

function ErrorText({ text }: { text: string }) {
  const { t } = useTranslation();
  return <p className="rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">{text || t('messages.errorFallback')}</p>;
}

function Thinking({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <details className="group/think my-3 rounded-xl border border-line bg-sunken/50 first:mt-0">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm text-ink-soft select-none hover:text-ink [&::-webkit-details-marker]:hidden">
        <Icon name="chevronDown" className="size-3.5 -rotate-90 transition-transform group-open/think:rotate-0" />
        {t('messages.thinking')}
      </summary>
      <div className="border-t border-line px-4 py-3 text-sm whitespace-pre-wrap text-ink-soft">{text}</div>
    </details>
  );
}

function PartView({ part }: { part: Part }) {
  const { t } = useTranslation();
  switch (part.type) {
    case 'text':
      return <MarkdownText text={textValue(part.text)} />;
    case 'think':
      return <Thinking text={textValue(part.think)} />;
    case 'error':
      return <ErrorText text={textValue(part.error)} />;
    case 'tool_call': {
      const name = toolName(part);
      return (
        <p className="my-2 inline-flex rounded-full border border-line bg-sunken px-3 py-1 text-xs text-ink-soft">
          {name ? t('messages.toolCall', { name }) : t('messages.toolCallUnnamed')}
        </p>
      );
    }
    case 'image_url':
    case 'image_file': {
      const url = imageUrl(part);
      return url ? <img src={url} alt={t('messages.image')} loading="lazy" className="my-3 max-h-96 rounded-xl border border-line" /> : null;
    }
    default:
      return null;
  }
}

/** A message's body: its parts when it has them, else its text; errors and unfinished replies say so. */
export function MessageContent({ message }: { message: Message }) {
  const { t } = useTranslation();
  const parts = message.content?.filter((part) => part.type !== 'agent_update') ?? [];
  return (
    <div className="min-w-0 break-words">
      {message.error && !parts.length ? (
        <ErrorText text={message.text} />
      ) : parts.length ? (
        parts.map((part, index) => <PartView key={index} part={part} />)
      ) : (
        <MarkdownText text={message.text} />
      )}
      {message.unfinished && !message.error ? <p className="mt-3 text-sm text-ink-faint italic">{t('messages.unfinished')}</p> : null}
    </div>
  );
}
