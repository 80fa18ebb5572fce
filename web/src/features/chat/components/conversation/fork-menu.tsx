import { FORK_OPTIONS } from '@meld/shared';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { messageActionClasses } from '@/components/messages/copy-message-button.tsx';
import { Icon } from '@/components/messages/icons.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { useForkConvo } from '../../api/convo-mutations.ts';

type ForkOption = (typeof FORK_OPTIONS)[number];

interface ForkMenuProps {
  conversationId: string;
  messageId: string;
  latestMessageId: string | undefined;
}

function ForkForm({ conversationId, messageId, latestMessageId, onDone }: ForkMenuProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const fork = useForkConvo();
  const defaults = useUserSettings();
  const saveDefaults = useUpdateUserSettings();
  const [option, setOption] = useState<ForkOption>(defaults.forkSetting);
  const [splitAtTarget, setSplitAtTarget] = useState(defaults.splitAtTarget);
  const [remember, setRemember] = useState(false);
  const name = useId();

  const submit = () => {
    // Remembered, the choice becomes the Chat settings' default and the fork button stops asking.
    if (remember) saveDefaults.mutate({ forkSetting: option, splitAtTarget, rememberDefaultFork: true });
    fork.mutate({ conversationId, messageId, option, splitAtTarget, latestMessageId }, { onSuccess: onDone });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="mt-3">
        <legend className="sr-only">{t('chat.fork.title')}</legend>
        <div className="flex flex-col gap-1.5">
          {FORK_OPTIONS.map((value) => (
            <label
              key={value}
              className={clsx(
                'flex cursor-pointer gap-3 rounded-xl border px-3 py-2.5 transition-colors',
                option === value ? 'border-accent bg-accent-soft/60' : 'border-line hover:border-line-strong',
              )}
            >
              <input type="radio" name={name} value={value} checked={option === value} onChange={() => setOption(value)} className="mt-1 accent-[var(--accent)]" />
              <span>
                <span className="block text-sm font-medium text-ink">{t(`chat.fork.options.${value}.label`)}</span>
                <span className="block text-xs leading-snug text-ink-soft">{t(`chat.fork.options.${value}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-4 flex cursor-pointer gap-3 px-1 text-sm">
        <input type="checkbox" checked={splitAtTarget} onChange={(event) => setSplitAtTarget(event.target.checked)} className="mt-0.5 size-4 accent-[var(--accent)]" />
        <span>
          <span className="block text-ink">{t('chat.fork.splitAtTarget')}</span>
          <span className="block text-xs text-ink-soft">{t('chat.fork.splitAtTargetHint')}</span>
        </span>
      </label>
      <label className="mt-2 flex cursor-pointer items-center gap-3 px-1 text-sm text-ink">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} className="size-4 accent-[var(--accent)]" />
        {t('chat.fork.remember')}
      </label>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={fork.isPending}>
          {t('chat.cancel')}
        </Button>
        <Button type="submit" loading={fork.isPending}>
          {t('chat.fork.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The fork button and its options (spec 000: direct path, include branches, target level; split; remember). */
export function ForkMenu(props: ForkMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { forkSetting, splitAtTarget, rememberDefaultFork } = useUserSettings();
  const fork = useForkConvo();
  const onClick = () => {
    if (!rememberDefaultFork) setOpen(true);
    else fork.mutate({ conversationId: props.conversationId, messageId: props.messageId, option: forkSetting, splitAtTarget, latestMessageId: props.latestMessageId });
  };
  return (
    <>
      <button type="button" className={clsx(messageActionClasses, open && 'bg-sunken text-ink')} onClick={onClick} disabled={fork.isPending}>
        <Icon name="fork" className="size-3.5" />
        <span>{t('chat.fork.action')}</span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t('chat.fork.title')} description={t('chat.fork.intro')}>
        <div className="overflow-y-auto px-6 pb-6">{open ? <ForkForm {...props} onDone={() => setOpen(false)} /> : null}</div>
      </Modal>
    </>
  );
}
