import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiMocks, callsTo, fail, when } from '@/test/mock-api.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf, sseStream } from '../../test/chat-fixtures.tsx';
import { chooseModel, renderComposer, send, testEndpoints } from '../composer/composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

const DAY = 86_400_000;
const endpoints = { ...testEndpoints, anthropic: { ...testEndpoints.anthropic, userProvide: true } };

/** A key list the test can change, as the server would after a save or a revoke. */
function keyServer(initial: Array<{ name: string; expiresAt: string | null }> = []) {
  let keys = initial;
  const routes: ApiMocks = {
    listEndpoints: () => endpoints,
    listKeys: () => ({ keys }),
    updateKey: ({ init }) => {
      const body = bodyOf(init) as { name: string; expiresAt: string | null };
      keys = [...keys.filter((key) => key.name !== body.name), { name: body.name, expiresAt: body.expiresAt }];
      return { name: body.name, expiresAt: body.expiresAt };
    },
    deleteKey: when({ name: 'anthropic' }, () => {
      keys = keys.filter((key) => key.name !== 'anthropic');
      return { deleted: true };
    }),
  };
  return routes;
}

describe('set-key dialog', () => {
  it('offers "Set API key" only for an endpoint whose users bring their key', async () => {
    renderComposer('/c/new', keyServer());
    await chooseModel('demo', 'meld-demo');
    expect(screen.queryByRole('button', { name: 'Set API key' })).toBeNull();
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    expect(await screen.findByRole('button', { name: 'Set API key' })).toBeInTheDocument();
  });

  it('requires the key, saves it masked with the chosen expiry, then says it is set', async () => {
    const fetchSpy = renderComposer('/c/new', keyServer());
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await userEvent.click(await screen.findByRole('button', { name: 'Set API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key for Anthropic' });
    expect(await within(dialog).findByText('No key set yet')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(within(dialog).getByText('Enter the key')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateKey')).toHaveLength(0);

    const field = within(dialog).getByLabelText('API key');
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.type(field, 'sk-ant-secret');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires in' }), '7 days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'updateKey')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchSpy, 'updateKey')[0]) as { name: string; value: string; expiresAt: string };
    expect(body).toMatchObject({ name: 'anthropic', value: 'sk-ant-secret' });
    expect(Math.abs(new Date(body.expiresAt).getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'API key' }));
    expect(await screen.findByText(/^Key set, expires /)).toBeInTheDocument();
  });

  it('saves a key that never expires with a null expiry, and revokes it', async () => {
    const fetchSpy = renderComposer('/c/new', keyServer([{ name: 'anthropic', expiresAt: null }]));
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await userEvent.click(await screen.findByRole('button', { name: 'API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key for Anthropic' });
    expect(await within(dialog).findByText('Key set, never expires')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'deleteKey', { name: 'anthropic' })).toHaveLength(1));
    expect(await within(dialog).findByText('No key set yet')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('API key'), 'sk-ant-2');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires in' }), 'Never');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'updateKey')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'updateKey')[0])).toEqual({ name: 'anthropic', value: 'sk-ant-2', expiresAt: null });
  });

  it('opens by itself when a reply is refused for want of a key', async () => {
    const stream = sseStream();
    // The list still shows a key that was revoked elsewhere: the composer could not warn.
    renderComposer('/c/new', { ...keyServer([{ name: 'anthropic', expiresAt: null }]), askAnthropic: stream.response });
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await screen.findByRole('button', { name: 'API key' });
    await send('Hello');
    act(() => stream.send({ type: 'error', code: 'no_user_key', message: 'Provide your own API key for anthropic to use it' }));
    expect(await screen.findByRole('dialog', { name: 'API key for Anthropic' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens by itself when the server refuses the message before streaming for want of a key', async () => {
    renderComposer('/c/new', { ...keyServer([{ name: 'anthropic', expiresAt: null }]), askAnthropic: fail(422, { code: 'no_user_key', message: 'Provide your own API key for anthropic to use it' }) });
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await screen.findByRole('button', { name: 'API key' });
    await send('Hello');
    expect(await screen.findByRole('dialog', { name: 'API key for Anthropic' })).toBeInTheDocument();
  });

  it('does not open for a failure on an endpoint whose key is set', async () => {
    renderComposer('/c/new', { ...keyServer([{ name: 'anthropic', expiresAt: null }]), askAnthropic: fail(502, { code: 'provider_error', message: 'Overloaded' }) });
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await screen.findByRole('button', { name: 'API key' });
    await send('Hello');
    // Refused before anything was saved: the composer gives the draft back with the reason.
    expect(await screen.findByRole('alert')).toHaveTextContent(/Overloaded/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
