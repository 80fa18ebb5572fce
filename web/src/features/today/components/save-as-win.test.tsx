import type { Interaction, WinTile } from '@meld/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, reply, when } from '@/test/mock-api.ts';
import { doneCompass, compassView, emptyVault, renderToday, sentBody } from '../test-kit.tsx';

const evening = () => screen.getByRole('region', { name: 'Evening Check-In' });
const reflection = 'I finished the essay and sent it. Then I walked by the river.';
const reflected = (date: string) =>
  doneCompass(date, { eveningNote: reflection, dailySummary: 'You kept your focus.', reflectionInteractionId: 'refl-1', completion: { compass: true, reflection: true } });
const savedReflection: Interaction = { _id: 'refl-1', kind: 'reflection', promptText: 'What went well?', responseText: reflection, captureMethod: 'text', interactionMeta: { type: 'evening-reflection', generatedQuestion: 'What went well?' }, date: '2026-03-09', capturedAt: '2026-03-09T19:00:00.000Z' };

function tile(fields: Partial<WinTile> = {}): WinTile {
  return { id: 'win-1', titleInteractionId: 't-1', descriptionInteractionId: 'd-1', achievedAt: '2026-03-09T12:00:00.000Z', title: 'I finished the essay and sent it', date: '2026-03-09', description: reflection, tags: ['Win'], emoji: '🎯', impact: [], source: 'log', isPinned: false, isShared: false, shareCount: 0, originalContent: reflection, ...fields };
}

function setup() {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 2, 10, 21, 0) });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

describe('Save a reflection as a win', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the member to name the win (the first sentence suggested), saves it at the time it is saved, and shows it in the vault', async () => {
    const user = setup();
    const { fetch } = renderToday('/today', {
      getCompassView: compassView([reflected('2026-03-10')]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      createWin: reply(tile({ title: 'Sent the essay' }), 201),
    });
    await user.click(await within(evening()).findByRole('button', { name: 'Save as a win' }));
    const dialog = screen.getByRole('dialog', { name: 'Name this win' });
    const name = within(dialog).getByRole('textbox', { name: 'Win' });
    expect(name).toHaveValue('I finished the essay and sent it');
    await user.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save win' })).toBeDisabled();
    await user.type(name, 'Sent the essay');
    await user.click(within(dialog).getByRole('button', { name: 'Save win' }));

    expect(await screen.findByText('Saved to your Wins Vault')).toBeInTheDocument();
    const body = sentBody(callsTo(fetch, 'createWin')[0]!);
    expect(body).toEqual({ title: 'Sent the essay', description: reflection, source: 'log', originalContent: reflection, achievedAt: expect.any(String) as string });
    // 21:00 on the 10th, when it was saved: not noon.
    expect(Math.abs(Date.parse(String(body.achievedAt)) - new Date(2026, 2, 10, 21, 0).getTime())).toBeLessThan(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(within(evening()).getByRole('button', { name: 'In your Wins Vault' })).toBeDisabled();
    expect(within(evening()).queryByRole('button', { name: 'Save as a win' })).not.toBeInTheDocument();
    expect(within(evening()).getByRole('link', { name: 'Open Wins Vault' })).toHaveAttribute('href', '/library/wins-vault');
    expect(callsTo(fetch, 'createWin')).toHaveLength(1);
    // The toast's link opens the vault.
    const toast = screen.getByText('Saved to your Wins Vault').closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Open Wins Vault' }));
    expect(await screen.findByText('wins vault')).toBeInTheDocument();
  });

  it('saves nothing when the member cancels naming the win', async () => {
    const user = setup();
    const { fetch } = renderToday('/today', { getCompassView: compassView([reflected('2026-03-10')]), getInteraction: when({ id: 'refl-1' }, savedReflection) });
    await user.click(await within(evening()).findByRole('button', { name: 'Save as a win' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Name this win' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetch, 'createWin')).toHaveLength(0);
  });

  it('is not offered on a past day: a win is saved as it happens', async () => {
    setup();
    renderToday('/today?date=2026-03-09', { getCompassView: compassView([reflected('2026-03-09')]), getInteraction: when({ id: 'refl-1' }, savedReflection) });
    await within(evening()).findByText(reflection);
    expect(within(evening()).queryByRole('button', { name: 'Save as a win' })).not.toBeInTheDocument();
  });

  it("shows today's reflection that is already in the vault as saved after a reload", async () => {
    setup();
    const first = renderToday('/today', {
      getCompassView: compassView([reflected('2026-03-10')]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      listWins: { ...emptyVault, wins: [tile({ title: 'A retitled win' })] },
    });
    expect(await within(evening()).findByRole('button', { name: 'In your Wins Vault' })).toBeDisabled();
    first.unmount();

    renderToday('/today', {
      getCompassView: compassView([reflected('2026-03-10')]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      listWins: { ...emptyVault, wins: [tile({ originalContent: 'Another day entirely.' })] },
    });
    expect(await within(evening()).findByRole('button', { name: 'Save as a win' })).toBeEnabled();
    expect(within(evening()).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("raises a toast with the server's message when the win is refused, and the name stays to try again", async () => {
    const user = setup();
    const { fetch } = renderToday('/today', {
      getCompassView: compassView([reflected('2026-03-10')]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      createWin: fail(400, { code: 'VALIDATION_ERROR', message: 'Title must be at most 200 characters', field: 'title' }),
    });
    await user.click(await within(evening()).findByRole('button', { name: 'Save as a win' }));
    const dialog = screen.getByRole('dialog', { name: 'Name this win' });
    await user.click(within(dialog).getByRole('button', { name: 'Save win' }));

    expect(await screen.findByText('Title must be at most 200 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Win' })).toHaveValue('I finished the essay and sent it');
    await user.click(within(dialog).getByRole('button', { name: 'Save win' }));
    await vi.waitFor(() => expect(callsTo(fetch, 'createWin')).toHaveLength(2));
  });

  it('is not offered on a day without a reflection', async () => {
    setup();
    renderToday('/today?date=2026-03-09', { getCompassView: compassView([doneCompass('2026-03-09')]) });
    expect(await within(evening()).findByText('No reflection data available for Monday, March 9, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as a win' })).not.toBeInTheDocument();
  });
});
