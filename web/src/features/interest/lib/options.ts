import { useTranslation } from '@/lib/use-translation.ts';
import type { Resources } from '@/locales/en/index.ts';

type OptionList = keyof Resources['interest']['options'];

/** A shared option list with its translated labels; the stored value stays the shared constant. */
export function useOptions(list: OptionList, values: readonly string[]): { value: string; label: string }[] {
  const { t } = useTranslation();
  const labels = t(`interest.options.${list}`, { returnObjects: true }) as Record<string, string>;
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}
