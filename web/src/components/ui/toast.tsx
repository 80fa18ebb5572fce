import clsx from 'clsx';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { dismissToast, getToasts, subscribeToasts, type ToastItem, type ToastSeverity } from '@/lib/toast.ts';
import { CloseButton } from './close-button.tsx';

const tones: Record<ToastSeverity, string> = {
  info: 'before:bg-ink-faint',
  success: 'before:bg-sage',
  warning: 'before:bg-sand',
  error: 'before:bg-danger',
};

function Toast({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [item.id, item.duration]);

  return (
    // The live role sits inside the item: a role on the <li> would take it out of the list.
    <li className="pointer-events-auto">
      <div
        role={item.severity === 'error' ? 'alert' : 'status'}
        className={clsx(
          'relative flex w-full animate-slide-up items-start gap-3 overflow-hidden rounded-xl border border-line bg-surface py-3 pr-2 pl-5 text-sm text-ink shadow-lift',
          'before:absolute before:inset-y-0 before:left-0 before:w-1',
          tones[item.severity],
        )}
      >
        <p className="flex-1 py-1 leading-snug">{item.message}</p>
        {item.action ? (
          <button
            type="button"
            className="shrink-0 rounded-md px-2 py-1 font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
            onClick={() => {
              item.action?.onSelect();
              dismissToast(item.id);
            }}
          >
            {item.action.label}
          </button>
        ) : null}
        <CloseButton label={t('toast.dismiss')} onClick={() => dismissToast(item.id)} className="size-7 text-ink-faint hover:bg-sunken" />
      </div>
    </li>
  );
}

/** Renders the toast store; mounted once by the app providers. */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    // Above the shell's quick-add button while it is on the page ([data-quick-add]), not over it.
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 sm:left-auto sm:w-96 [body:has([data-quick-add])_&]:bottom-24 sm:[body:has([data-quick-add])_&]:bottom-28"
    >
      <ol className="flex flex-col gap-2">
        {items.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
