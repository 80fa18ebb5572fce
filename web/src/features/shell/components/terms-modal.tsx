import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { termsQuery } from '../api/shell-queries.ts';

// The dialog and its markdown renderer load only for a member who still has terms to accept.
const TermsDialog = lazy(() => import('./terms-modal-dialog.tsx'));

/**
 * The terms dialog (spec 001 section 2): shown when the operator's config demands acceptance
 * and the member has not accepted yet; only Accept or Decline close it.
 */
export function TermsModal() {
  const { data: config } = useStartupConfig();
  const required = config?.termsAcceptanceRequired === true;
  const { data: terms } = useQuery({ ...termsQuery, enabled: required });
  if (!required || !terms || terms.termsAccepted) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog terms={terms} appTitle={config.appTitle} />
    </Suspense>
  );
}
