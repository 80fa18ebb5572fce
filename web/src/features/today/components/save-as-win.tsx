import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { useReflectionWin } from '../api/reflection-win.ts';

/** "Save as a win": one click turns the day's reflection into a Wins Vault tile. */
export function SaveAsWin({ date, reflection }: { date: string; reflection: string }) {
  const { t } = useTranslation();
  const win = useReflectionWin(date, reflection);
  if (win.saved) {
    return (
      <>
        <Button variant="secondary" size="sm" disabled>
          <svg viewBox="0 0 20 20" className="size-4 text-sage" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="m5 10.5 3.2 3L15 6.5" />
          </svg>
          {t('today.win.inVault')}
        </Button>
        <Link to="/library/wins-vault" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          {t('today.win.open')}
        </Link>
      </>
    );
  }
  return (
    <Button variant="secondary" size="sm" onClick={win.save} loading={win.saving} disabled={win.checking}>
      <svg viewBox="0 0 20 20" className="size-4 text-accent" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <path d="M10 2.8 12.1 7l4.6.7-3.3 3.2.8 4.6L10 13.3l-4.2 2.2.8-4.6-3.3-3.2L7.9 7z" strokeLinejoin="round" />
      </svg>
      {t('today.win.save')}
    </Button>
  );
}
