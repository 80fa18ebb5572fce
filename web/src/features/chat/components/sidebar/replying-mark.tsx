import { useTranslation } from 'react-i18next';
import { useIsReplying } from '../../lib/replying.ts';

/**
 * A pulsing dot after a conversation's title while a reply is being written in it (here, in
 * another tab or on another device); read as "Replying" inside the row's link.
 */
export function ReplyingMark({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  if (!useIsReplying(conversationId)) return null;
  return (
    <span className="ml-auto flex shrink-0 items-center pr-1 pl-2" data-testid="replying-mark">
      <span aria-hidden="true" className="size-2 rounded-full bg-accent motion-safe:animate-pulse" />
      <span className="sr-only">{t('chat.stream.replying')}</span>
    </span>
  );
}
