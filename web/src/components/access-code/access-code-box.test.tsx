import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, held, mockApi } from '@/test/mock-api.ts';
import { renderAt } from '@/test/render.tsx';
import { AccessCodeBox } from './access-code-box.tsx';

function setup(onValidated = vi.fn()) {
  renderAt(<AccessCodeBox onValidated={onValidated} />);
  return { onValidated, input: screen.getByLabelText('Pilot access code'), button: screen.getByRole('button', { name: 'Continue' }) };
}

describe('AccessCodeBox', () => {
  it('keeps the button disabled until the trimmed code has a character, and upper-cases input', async () => {
    const { input, button } = setup();
    expect(input).toHaveAttribute('placeholder', 'PILOT-XXXX');
    expect(button).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(button).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'pilot-ab12');
    expect(input).toHaveValue('PILOT-AB12');
    expect(button).toBeEnabled();
  });

  it('disables input and button and shows "Validating..." while the server checks the code', async () => {
    const answer = held<'validateSignupCode'>();
    mockApi({ validateSignupCode: answer.handler });
    const { input } = setup();
    await userEvent.type(input, 'pilot-1{Enter}');
    const validating = await screen.findByRole('button', { name: 'Validating...' });
    expect(validating).toBeDisabled();
    expect(input).toBeDisabled();
    answer.answer({ valid: true, message: 'Welcome aboard' });
    await screen.findByText('Welcome aboard');
  });

  it('saves an accepted code and hands it on', async () => {
    const fetch = mockApi({ validateSignupCode: { valid: true, message: 'Code accepted' } });
    const { input, onValidated } = setup();
    await userEvent.type(input, ' pilot-1 {Enter}');
    await waitFor(() => expect(onValidated).toHaveBeenCalledWith('PILOT-1'));
    expect(sessionStorage.getItem('meld_signup_code')).toBe('PILOT-1');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ signupCode: 'PILOT-1' });
  });

  it("shows the server's message for a wrong code", async () => {
    mockApi({ validateSignupCode: { valid: false, message: 'That code has expired' } });
    const { input, onValidated } = setup();
    await userEvent.type(input, 'old{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code has expired');
    expect(onValidated).not.toHaveBeenCalled();
  });

  it('falls back to "Invalid signup code" when the server gives no message', async () => {
    mockApi({ validateSignupCode: { valid: false, message: '' } });
    const { input } = setup();
    await userEvent.type(input, 'nope{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid signup code');
  });

  it('shows the rate-limit message the server sends with a 429', async () => {
    mockApi({ validateSignupCode: fail(429, { code: 'RATE_LIMITED', message: 'Too many attempts. Try again later.' }) });
    const { input } = setup();
    await userEvent.type(input, 'guess{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });

  it('asks to try again when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { input, button } = setup();
    await userEvent.type(input, 'pilot-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to validate code. Please try again.');
    expect(button).toBeEnabled();
  });

  it('offers a request-access mail link', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Request access' }).getAttribute('href')).toMatch(/^mailto:/);
  });
});
