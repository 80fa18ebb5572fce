import { FORK_OPTIONS } from '@meld/shared';
import { local } from '@/lib/storage.ts';

export type ForkOption = (typeof FORK_OPTIONS)[number];

export interface ForkSettings {
  option: ForkOption;
  splitAtTarget: boolean;
}

const STORAGE_KEY = 'forkSettings';
export const DEFAULT_FORK_SETTINGS: ForkSettings = { option: 'targetLevel', splitAtTarget: false };

/** The default the reader chose with "remember"; the server's default otherwise. */
export function loadForkDefault(): ForkSettings & { remembered: boolean } {
  try {
    const saved = JSON.parse(local.get(STORAGE_KEY) ?? 'null') as Partial<ForkSettings> | null;
    if (saved && FORK_OPTIONS.includes(saved.option as ForkOption)) {
      return { option: saved.option as ForkOption, splitAtTarget: saved.splitAtTarget === true, remembered: true };
    }
  } catch {
    // A damaged value is the same as none.
  }
  return { ...DEFAULT_FORK_SETTINGS, remembered: false };
}

export function saveForkDefault(settings: ForkSettings | null): void {
  if (settings) local.set(STORAGE_KEY, JSON.stringify({ option: settings.option, splitAtTarget: settings.splitAtTarget }));
  else local.remove(STORAGE_KEY);
}
