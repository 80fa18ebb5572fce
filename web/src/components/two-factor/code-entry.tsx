import { BACKUP_CODE_ALPHABET, LIMITS } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { CodeInput } from './code-input.tsx';

/** What the two-factor routes take: the app's code or one backup code. */
export type TwoFactorCode = { token: string } | { backupCode: string };

const BACKUP_PATTERN = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${LIMITS.backupCodeLength}}$`);

/** A backup code as the server compares it: no spaces or dashes, upper case. */
export function normalizeBackupCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** The entry's state: which kind of code, what is typed, and the code once it is complete. */
export function useCodeEntry() {
  const [mode, setMode] = useState<'app' | 'backup'>('app');
  const [token, setToken] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const [generation, setGeneration] = useState(0);
  const complete: TwoFactorCode | null =
    mode === 'app'
      ? /^\d{6}$/.test(token)
        ? { token }
        : null
      : BACKUP_PATTERN.test(normalizeBackupCode(backupCode))
        ? { backupCode: normalizeBackupCode(backupCode) }
        : null;
  return {
    mode,
    token,
    backupCode,
    complete,
    setToken,
    setBackupCode,
    /** Remounts the digit boxes empty. */
    generation,
    toggle: () => {
      setMode((current) => (current === 'app' ? 'backup' : 'app'));
      setToken('');
      setBackupCode('');
      setGeneration((value) => value + 1);
    },
    clear: () => {
      setToken('');
      setBackupCode('');
      setGeneration((value) => value + 1);
    },
  };
}

export type CodeEntryState = ReturnType<typeof useCodeEntry>;

/** Six digits, or (toggled) an 8-character backup code. */
export function CodeEntry({ entry, disabled, allowBackup = true, autoFocus }: { entry: CodeEntryState; disabled?: boolean; allowBackup?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4">
      {entry.mode === 'app' ? (
        <CodeInput key={entry.generation} onChange={entry.setToken} disabled={disabled} autoFocus={autoFocus} />
      ) : (
        <label className="flex w-full max-w-xs flex-col gap-1.5 text-sm font-medium text-ink">
          {t('twoFactor.entry.backupLabel')}
          <Input
            value={entry.backupCode}
            onChange={(event) => entry.setBackupCode(event.target.value)}
            placeholder={t('twoFactor.entry.backupPlaceholder')}
            maxLength={LIMITS.backupCodeLength + 4}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={disabled}
            autoFocus
            className="text-center font-mono text-lg tracking-[0.3em] uppercase"
          />
        </label>
      )}
      {allowBackup ? (
        <Button variant="quiet" size="sm" onClick={entry.toggle} disabled={disabled}>
          {entry.mode === 'app' ? t('twoFactor.entry.useBackup') : t('twoFactor.entry.useApp')}
        </Button>
      ) : null}
    </div>
  );
}
