import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { Hero } from '../components/hero.tsx';
import { PilotAccess } from '../components/pilot-access.tsx';
import { Story } from '../components/story.tsx';

/** The public landing page at /welcome: hero, story and the pilot access-code box. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh overflow-x-clip">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-5 py-5 sm:px-8">
        <Link to="/welcome" className="rounded-lg">
          <Logo />
        </Link>
        <Link to="/login" className={buttonClasses('secondary', 'sm')}>
          {t('landing.nav.signIn')}
        </Link>
      </header>
      <main>
        <Hero />
        <Story />
        <PilotAccess />
      </main>
      <footer className="border-t border-line">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-5 py-8 text-sm text-ink-faint sm:px-8">
          <span>{t('landing.footer.rights', { year: String(new Date().getFullYear()) })}</span>
          <Link to="/login" className="hover:text-ink">
            {t('landing.nav.signIn')}
          </Link>
        </div>
      </footer>
    </div>
  );
}
