import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/auth-session.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as RegisterPage } from './register-route.tsx';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/today', element: <p>today page</p> },
    ],
    '/register',
  );
}

const next = () => screen.getByRole('button', { name: 'Continue' });

async function fillToStep(step: number) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Your name'), 'Maya Chen');
  await user.click(next());
  if (step === 1) return user;
  await user.click(next());
  if (step === 2) return user;
  await user.type(screen.getByLabelText('Email'), 'maya@example.com');
  await user.type(screen.getByLabelText('Password'), 'longenough');
  await user.type(screen.getByLabelText('Confirm password'), 'longenough');
  await user.click(next());
  const picks = ['Reach a specific goal', 'Career', 'In STEM'];
  for (let s = 3; s < step; s++) {
    await user.click(screen.getByRole('checkbox', { name: new RegExp(picks[s - 3]!) }));
    await user.click(next());
  }
  return user;
}

describe('register page', () => {
  it('asks for the access code first and unlocks the wizard on /register', async () => {
    mockApi({ validateSignupCode: { valid: true, message: 'Welcome to the pilot' } });
    const { router } = renderRegister();
    await userEvent.type(screen.getByLabelText('Pilot access code'), 'pilot-1{Enter}');
    expect(await screen.findByText('Step 1 of 7')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  describe('with a code', () => {
    it('keeps Next disabled until a name is given, and says so when it is cleared', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      renderRegister();
      expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
      expect(next()).toBeDisabled();
      await userEvent.type(screen.getByLabelText('Your name'), 'M');
      expect(next()).toBeEnabled();
      await userEvent.clear(screen.getByLabelText('Your name'));
      expect(screen.getByText('Name is required')).toBeInTheDocument();
      expect(next()).toBeDisabled();
    });

    it('advances with Enter and goes back with Back', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      renderRegister();
      await userEvent.type(screen.getByLabelText('Your name'), 'Maya{Enter}');
      expect(screen.getByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
      expect(screen.getByText('Step 2 of 7')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByLabelText('Your name')).toHaveValue('Maya');
    });

    it('validates the account fields as they change, with the spec wording', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      renderRegister();
      const user = await fillToStep(2);
      await user.type(screen.getByLabelText('Email'), 'maya@');
      expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Email'));
      expect(screen.getByText('Email is required')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Password'), 'short');
      expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Password'));
      expect(screen.getByText('Password is required')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Password'), 'longenough');
      await user.type(screen.getByLabelText('Confirm password'), 'x');
      expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Confirm password'));
      expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
      expect(next()).toBeDisabled();
    });

    it('offers at most five state suggestions and fills the field with the chosen one', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      renderRegister();
      const user = await fillToStep(1);
      await user.type(screen.getByRole('combobox', { name: /State/ }), 'a');
      const list = screen.getByRole('listbox', { name: 'State suggestions' });
      expect(within(list).getAllByRole('option')).toHaveLength(5);
      await user.type(screen.getByRole('combobox', { name: /State/ }), 'la');
      await user.keyboard('{ArrowDown}{Enter}');
      expect(screen.getByRole('combobox', { name: /State/ })).toHaveValue('Alabama');
      expect(screen.getByText('Step 2 of 7')).toBeInTheDocument();
    });

    it('needs text for Other on the life-arena step', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      renderRegister();
      const user = await fillToStep(4);
      expect(screen.getByRole('heading', { name: 'Life arena focus' })).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: /Something else/ }));
      expect(next()).toBeDisabled();
      await user.type(screen.getByLabelText(/In your own words/), 'Health');
      expect(next()).toBeEnabled();
    });

    it('does not need text for Other on the last step, and submits the payload from there', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      const fetch = mockApi({ register: { token: 'new-token', user: testUser } });
      renderRegister();
      const user = await fillToStep(6);
      expect(screen.getByText('Step 7 of 7')).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: /Something else/ }));
      const submit = screen.getByRole('button', { name: 'Create my account' });
      expect(submit).toBeEnabled();
      await user.click(submit);

      await waitFor(() => expect(getSession().status).toBe('authenticated'));
      expect(getSession()).toMatchObject({ token: 'new-token', redirectTo: '/today?tour=checkin' });
      const body = JSON.parse(String(callsTo(fetch, 'register')[0]!.body));
      expect(body).toMatchObject({
        name: 'Maya Chen',
        email: 'maya@example.com',
        signup_code: 'PILOT-1',
        whyHere: 'goal',
        lifeArena: 'career',
        identitySegment: 'stem',
        currentBlock: 'other',
      });
    });

    it("shows the server's message in a red box and returns to the step that owns the field", async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      mockApi({
        register: fail(409, { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.', field: 'email' }),
      });
      renderRegister();
      const user = await fillToStep(6);
      await user.click(screen.getByRole('checkbox', { name: /Time/ }));
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
      expect(screen.getByText('Step 3 of 7')).toBeInTheDocument();
    });

    it('without a session in the reply, welcomes the user and moves on after 3 seconds', async () => {
      sessionStorage.setItem('meld_signup_code', 'PILOT-1');
      mockApi({ register: { user: testUser } });
      const { router } = renderRegister();
      const user = await fillToStep(6);
      await user.click(screen.getByRole('checkbox', { name: /Burnout/ }));
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        await user.click(screen.getByRole('button', { name: 'Create my account' }));
        expect(await screen.findByText('Welcome to Meld, Maya Chen')).toBeInTheDocument();
        expect(screen.getByText(/in 3 seconds/)).toBeInTheDocument();
        await act(async () => {
          await vi.advanceTimersByTimeAsync(3000);
        });
        await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
        expect(router.state.location.search).toBe('?tour=checkin');
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
