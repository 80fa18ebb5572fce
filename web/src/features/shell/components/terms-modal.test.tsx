import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { TermsModal } from './terms-modal.tsx';

const TERMS = { termsAccepted: false, termsAcceptedAt: null, title: 'Pilot terms of use', text: '## Your reflections\n\nThey stay **yours**. A $20 fee never applies.' };

function renderTerms({
  required = true,
  terms = TERMS as ApiMocks['getTerms'],
  accept = { message: 'Terms accepted.', termsAccepted: true, termsAcceptedAt: '2026-11-22T08:00:00.000Z' } as ApiMocks['acceptTerms'],
} = {}) {
  setSession('tok', { ...testUser, termsAccepted: false }, { broadcast: false });
  const fetch = mockApi({
    getConfig: testConfig({ termsAcceptanceRequired: required }),
    getTerms: terms,
    acceptTerms: accept,
    logout: { message: 'Signed out', redirect: 'https://id.example.com/logout' },
  });
  const rendered = renderRoutes(
    [
      { path: '/today', element: <><p>today page</p><TermsModal /></> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/today',
  );
  return { ...rendered, fetch };
}

const dialog = () => screen.findByRole('dialog', { name: 'Pilot terms of use' });

describe('terms modal', () => {
  it("shows the operator's terms as markdown when the config demands acceptance", async () => {
    renderTerms();
    const modal = await dialog();
    expect(await screen.findByRole('heading', { name: 'Your reflections' })).toBeInTheDocument();
    expect(modal.querySelector('strong')).toHaveTextContent('yours');
    // Prose, not a formula: the dollar sign stays as written.
    expect(modal).toHaveTextContent('A $20 fee never applies.');
    expect(screen.getByRole('button', { name: 'I accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('closes only through Accept or Decline: no close button, Escape or outside click', async () => {
    renderTerms();
    await dialog();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog', { name: 'Pilot terms of use' })).toBeInTheDocument();
  });

  it('closes once accepted, after recording the acceptance with no payload', async () => {
    const { fetch } = renderTerms();
    await userEvent.click(await screen.findByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [accept] = callsTo(fetch, 'acceptTerms');
    expect(accept?.body).toBeUndefined();
    expect(screen.getByText('today page')).toBeInTheDocument();
  });

  it('stays open with the toast "Failed to accept terms" when accepting fails', async () => {
    renderTerms({ accept: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'I accept' }));
    expect(await screen.findByText('Failed to accept terms')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pilot terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I accept' })).toBeEnabled();
  });

  it('signs out on Decline and goes to /login?redirect=false, not to the server redirect', async () => {
    const { router, fetch } = renderTerms();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=false');
    expect(callsTo(fetch, 'logout')).toHaveLength(1);
    expect(getSession().status).toBe('anonymous');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('stays away when the member has accepted, and when the config does not demand it', async () => {
    const accepted = renderTerms({ terms: { ...TERMS, termsAccepted: true, termsAcceptedAt: '2026-11-01T00:00:00.000Z' } });
    await waitFor(() => expect(callsTo(accepted.fetch, 'getTerms')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    accepted.unmount();

    const notRequired = renderTerms({ required: false });
    await waitFor(() => expect(callsTo(notRequired.fetch, 'getConfig')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(notRequired.fetch, 'getTerms')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("uses the app's own title when the operator sets none", async () => {
    renderTerms({ terms: { ...TERMS, title: null } });
    expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
  });
});
