import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { useNewsletterSignupMutation } from '../api/interest-mutations.ts';
import { SuccessPanel } from './success-panel.tsx';

/**
 * The user form's two-step success (spec 001 section 2): first the newsletter prompt, then the
 * welcome. Confirming records the sign-up; a failed call is ignored, since the visitor already
 * signed up in the frame and only our note of it was lost. Skipping goes straight on. Without a
 * newsletter configured there is nothing to sign up to, so the welcome comes at once.
 */
export function UserSuccess({ signup }: { signup: { id: string; email: string } }) {
  const newsletterUrl = useStartupConfig().data?.interface.newsletterUrl;
  const [newsletterDone, setNewsletterDone] = useState(false);
  return newsletterUrl && !newsletterDone ? <NewsletterStep signup={signup} newsletterUrl={newsletterUrl} onDone={() => setNewsletterDone(true)} /> : <WelcomeStep />;
}

function NewsletterStep({ signup, newsletterUrl, onDone }: { signup: { id: string; email: string }; newsletterUrl: string; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useNewsletterSignupMutation();

  return (
    <SuccessPanel id="newsletter-title" title={t('interest.user.newsletter.title')} body={t('interest.user.newsletter.body', { email: signup.email })}>
      <iframe
        src={newsletterUrl}
        title={t('interest.user.newsletter.frameTitle')}
        className="mt-6 h-80 w-full rounded-2xl border border-line bg-surface"
        // The newsletter provider's form needs its scripts and its own submit; nothing more.
        sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
        loading="lazy"
      />
      <Button size="lg" block className="mt-6" loading={confirm.isPending} onClick={() => confirm.mutate(signup.id, { onSettled: onDone })}>
        {t('interest.user.newsletter.confirm')}
      </Button>
      <Button variant="quiet" className="mt-3" onClick={onDone}>
        {t('interest.user.newsletter.skip')}
      </Button>
    </SuccessPanel>
  );
}

function WelcomeStep() {
  const { t } = useTranslation();
  return (
    <SuccessPanel id="welcome-title" title={t('interest.user.welcome.title')} body={t('interest.user.welcome.body')}>
      <Link to="/welcome" className={buttonClasses('secondary', 'md', 'mt-8')}>
        {t('interest.user.welcome.back')}
      </Link>
    </SuccessPanel>
  );
}
