import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { compassDay, compassView, doneCompass, echoInteraction, renderToday, sentBody } from '../test-kit.tsx';

const compass = () => screen.getByRole('region', { name: 'Daily Compass' });

function setup(now: Date) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

describe('Daily compass', () => {
  afterEach(() => vi.useRealTimers());

  describe('on a morning with nothing saved', () => {
    let user: ReturnType<typeof setup>;
    beforeEach(() => {
      user = setup(new Date(2026, 2, 10, 8, 30));
    });

    it('opens on the sliders at mood 70 and energy 60 with their words', async () => {
      renderToday('/today', { getCompassView: compassView([compassDay('2026-03-10')]) });
      const mood = await screen.findByRole('slider', { name: 'Mood' });
      expect(mood).toHaveValue('70');
      expect(mood).toHaveAttribute('aria-valuetext', 'Great, 70');
      expect(mood).toHaveAttribute('step', '5');
      expect(screen.getByRole('slider', { name: 'Energy' })).toHaveAttribute('aria-valuetext', 'Energised, 60');
      fireEvent.change(mood, { target: { value: '35' } });
      expect(mood).toHaveAttribute('aria-valuetext', 'Low, 35');
    });

    it('saves mood and energy, then the note, updating the same interactions, and shows the summary', async () => {
      let day = compassDay('2026-03-10');
      const { fetch } = renderToday('/today', {
        getCompassView: () => compassView([day]),
        createInteraction: (request) => {
          const type = (sentBody(request.init).interactionMeta as { type: string }).type;
          return echoInteraction(`${type}-1`)(request);
        },
        updateInteraction: [when({ id: 'mood-1' }, echoInteraction('mood-1')), when({ id: 'energy-1' }, echoInteraction('energy-1'))],
      });
      fireEvent.change(await screen.findByRole('slider', { name: 'Mood' }), { target: { value: '85' } });
      fireEvent.change(screen.getByRole('slider', { name: 'Energy' }), { target: { value: '30' } });
      await user.click(screen.getByRole('button', { name: 'Save & Begin Entry' }));

      const entry = await screen.findByRole('textbox', { name: "What's on your mind this morning?" });
      const firstSaves = callsTo(fetch, 'createInteraction').map(sentBody);
      expect(firstSaves).toEqual([
        expect.objectContaining({ kind: 'compass', numericAnswer: 85, captureMethod: 'slider', interactionMeta: { type: 'mood', scale: 100 }, date: '2026-03-10', clientRequestId: expect.any(String) }),
        expect.objectContaining({ numericAnswer: 30, interactionMeta: { type: 'energy', scale: 100 } }),
      ]);
      expect(screen.getByRole('button', { name: 'Save & Close' })).toBeDisabled();
      await user.type(entry, '   ');
      expect(screen.getByRole('button', { name: 'Save & Close' })).toBeDisabled();

      day = doneCompass('2026-03-10', { mood: 85, energy: 30, note: 'Finish the essay.' });
      await user.type(entry, 'Finish the essay.{Control>}{Enter}{/Control}');
      expect(await within(compass()).findByText('Finish the essay.')).toBeInTheDocument();
      expect(within(compass()).getByText('Wonderful')).toBeInTheDocument();
      expect(within(compass()).getByText('Steady')).toBeInTheDocument();
      expect(callsTo(fetch, 'updateInteraction', { id: 'mood-1' }).map(sentBody)[0]).toMatchObject({ numericAnswer: 85 });
      expect(callsTo(fetch, 'updateInteraction', { id: 'energy-1' })).toHaveLength(1);
      const notes = callsTo(fetch, 'createInteraction').map(sentBody).slice(2);
      expect(notes).toEqual([expect.objectContaining({ responseText: 'Finish the essay.', captureMethod: 'text', interactionMeta: { type: 'note' } })]);
      expect(callsTo(fetch, 'getCompassView').length).toBeGreaterThanOrEqual(3);
    });

    it('says the save failed and retries with the same request ids so nothing is duplicated', async () => {
      let failing = true;
      const { fetch } = renderToday('/today', {
        getCompassView: compassView([compassDay('2026-03-10')]),
        createInteraction: (request) => (failing ? fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) : echoInteraction('x')(request)),
      });
      await user.click(await screen.findByRole('button', { name: 'Save & Begin Entry' }));
      expect(await screen.findByText('Failed to save your compass data. Please try again.')).toBeInTheDocument();
      expect(screen.getByRole('slider', { name: 'Mood' })).toBeInTheDocument();
      failing = false;
      await user.click(screen.getByRole('button', { name: 'Save & Begin Entry' }));
      await screen.findByRole('textbox', { name: "What's on your mind this morning?" });
      const ids = callsTo(fetch, 'createInteraction').map((init) => sentBody(init).clientRequestId);
      expect(ids).toHaveLength(4);
      expect(ids.slice(2)).toEqual(ids.slice(0, 2));
    });
  });

  it('shows "Error loading compass data" when the view fails after one retry', async () => {
    setup(new Date(2026, 2, 10, 8, 30));
    const { fetch } = renderToday('/today', { getCompassView: fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) });
    expect(await within(compass()).findByText('Error loading compass data', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(callsTo(fetch, 'getCompassView')).toHaveLength(2);
  });

  it('asks the view for the day shown', async () => {
    setup(new Date(2026, 2, 10, 8, 30));
    const { fetch } = renderToday('/today?date=2026-03-01', { getCompassView: compassView([compassDay('2026-03-01')]) });
    await screen.findByText('No compass data available for Sunday, March 1, 2026.');
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/views/compass?'))).toEqual(['/api/views/compass?date=2026-03-01']);
  });

  it('says there is no morning compass after 3 PM today and still lets the user set it', async () => {
    const user = setup(new Date(2026, 2, 10, 15, 5));
    renderToday('/today', { getCompassView: compassView([compassDay('2026-03-10')]) });
    expect(await screen.findByText('No morning compass data available for today.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set your compass now' }));
    expect(screen.getByRole('slider', { name: 'Mood' })).toHaveValue('70');
  });

  it("edits today's compass from the saved values and updates the same interactions", async () => {
    const user = setup(new Date(2026, 2, 10, 11, 0));
    const { fetch } = renderToday('/today', {
      getCompassView: compassView([doneCompass('2026-03-10')]),
      updateInteraction: [when({ id: 'mood-1' }, echoInteraction('mood-1')), when({ id: 'energy-1' }, echoInteraction('energy-1'))],
    });
    expect(await within(compass()).findByText('Great')).toBeInTheDocument();
    expect(within(compass()).getByText('Ship the draft.')).toBeInTheDocument();
    await user.click(within(compass()).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('slider', { name: 'Mood' })).toHaveValue('75');
    expect(screen.getByRole('slider', { name: 'Energy' })).toHaveValue('45');
    await user.click(screen.getByRole('button', { name: 'Save & Begin Entry' }));
    expect(await screen.findByRole('textbox', { name: "What's on your mind this morning?" })).toHaveValue('Ship the draft.');
    expect(callsTo(fetch, 'updateInteraction', { id: 'mood-1' })).toHaveLength(1);
    expect(callsTo(fetch, 'updateInteraction', { id: 'energy-1' })).toHaveLength(1);
  });

  it('leaves an edit with Cancel, saving nothing, and the saved morning shows as it was', async () => {
    const user = setup(new Date(2026, 2, 10, 11, 0));
    const { fetch } = renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10')]) });
    await user.click(await within(compass()).findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Mood' }), { target: { value: '20' } });
    await user.click(within(compass()).getByRole('button', { name: 'Cancel' }));
    expect(within(compass()).getByText('Ship the draft.')).toBeInTheDocument();
    expect(within(compass()).getByText('Great')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(callsTo(fetch, 'updateInteraction')).toHaveLength(0);
  });

  it('shows a past day read-only', async () => {
    setup(new Date(2026, 2, 10, 11, 0));
    renderToday('/today?date=2026-03-08', { getCompassView: compassView([doneCompass('2026-03-08')]) });
    expect(await within(compass()).findByText('Ship the draft.')).toBeInTheDocument();
    expect(within(compass()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('shows the streak badge from 3 consecutive days', async () => {
    setup(new Date(2026, 2, 10, 11, 0));
    const first = renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10')], 2) });
    await within(compass()).findByText('Great');
    expect(screen.queryByText(/day streak/)).not.toBeInTheDocument();
    first.unmount();
    renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10')], 3) });
    expect(await screen.findByText('3-day streak')).toBeInTheDocument();
  });
});
