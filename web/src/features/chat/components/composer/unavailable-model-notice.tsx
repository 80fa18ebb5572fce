import { useTranslation } from '@/lib/use-translation.ts';
import type { UnavailableModel } from '../../lib/model-choice.ts';

/**
 * Says that the conversation's own model is not set up here (an import from another server), so
 * nothing is sent until the member picks one in the model menu below.
 */
export function UnavailableModelNotice({ unavailable }: { unavailable: UnavailableModel | null }) {
  const { t } = useTranslation();
  if (!unavailable) return null;
  const { endpoint, model } = unavailable;
  return (
    <p role="status" className="mx-3 mt-3 rounded-lg border border-line bg-sunken px-3 py-2 text-sm text-ink-soft">
      {model ? t('chat.composer.unavailable', { endpoint, model }) : t('chat.composer.unavailableEndpoint', { endpoint })}
    </p>
  );
}
