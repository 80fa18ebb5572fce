import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from '@/components/messages/icons.tsx';
import { useCopy } from '@/components/messages/use-copy.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { shareLinkQuery } from '../../api/chat-queries.ts';
import { useShareMutations } from '../../api/share-mutations.ts';

/** Spec 000 section 9: the copied-link indicator lasts 2 s. */
const LINK_COPY_FEEDBACK_MS = 2000;

export function shareUrl(shareId: string): string {
  return `${window.location.origin}/share/${encodeURIComponent(shareId)}`;
}

function ShareLinkPanel({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const link = useQuery(shareLinkQuery(conversationId));
  const { create, refresh, remove } = useShareMutations(conversationId);
  const { copied, copy } = useCopy(LINK_COPY_FEEDBACK_MS);
  const busy = create.isPending || refresh.isPending || remove.isPending;

  if (link.isPending) {
    return (
      <div className="flex justify-center py-8 text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  const shareId = link.data?.shareId;
  if (!shareId) {
    return (
      <div className="mt-4 flex justify-end">
        <Button onClick={() => create.mutate(undefined)} loading={create.isPending}>
          {t('chat.share.create')}
        </Button>
      </div>
    );
  }

  const url = shareUrl(shareId);
  return (
    <div className="mt-4">
      <label className="text-sm font-medium text-ink" htmlFor="share-link">
        {t('chat.share.linkLabel')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id="share-link"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className="h-11 w-full min-w-0 rounded-xl border border-line bg-sunken sm:flex-1 px-3 font-mono text-sm text-ink-soft outline-none focus:border-accent"
        />
        <Button onClick={() => void copy(url)} className="sm:w-36">
          <Icon name={copied ? 'check' : 'copy'} />
          {copied ? t('chat.share.copied') : t('chat.share.copy')}
        </Button>
      </div>
      <div className="mt-5 flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" className="text-danger! hover:bg-danger-soft!" onClick={() => remove.mutate(shareId)} disabled={busy}>
          {t('chat.share.delete')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => refresh.mutate(shareId)} loading={refresh.isPending} disabled={busy}>
          {t('chat.share.update')}
        </Button>
      </div>
    </div>
  );
}

/** The share button of the conversation header and its dialog: create, copy, update or delete the public link. */
export function ShareButton({ conversationId, hasMessages }: { conversationId: string; hasMessages: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className="mt-1" onClick={() => setOpen(true)} disabled={!hasMessages}>
        <Icon name="share" />
        {t('chat.share.button')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('chat.share.title')} description={t('chat.share.intro')}>
        <div className="overflow-y-auto px-6 pb-6">{open ? <ShareLinkPanel conversationId={conversationId} /> : null}</div>
      </Modal>
    </>
  );
}
