import type { GenerateQuestionResponse, Interaction } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, held, when } from '@/test/mock-api.ts';
import { compassDay, compassView, doneCompass, echoInteraction, renderToday, sentBody } from '../test-kit.tsx';

const evening = () => screen.getByRole('region', { name: 'Evening Check-In' });
const question: GenerateQuestionResponse = { question: 'What happened today that you want to remember?', stage: 'what-happened', source: 'question-bank' };

function setup(now: Date) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const reflected = (fields = {}) =>
  doneCompass('2026-03-10', { eveningNote: 'A calm, good day.', dailySummary: 'You kept your focus.', reflectionInteractionId: 'refl-1', completion: { compass: true, reflection: true }, ...fields });
const savedReflection: Interaction = { _id: 'refl-1', kind: 'reflection', promptText: 'What went well?', responseText: 'A calm, good day.', captureMethod: 'text', interactionMeta: { type: 'evening-reflection', generatedQuestion: 'What went well?' }, date: '2026-03-10', capturedAt: '2026-03-10T19:00:00.000Z' };

describe('Evening check-in', () => {
  afterEach(() => vi.useRealTimers());

  it('is locked before 3 PM', async () => {
    setup(new Date(2026, 2, 10, 14, 59));
    renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10')]) });
    expect(await within(evening()).findByText('Opens after 3 PM today.')).toBeInTheDocument();
    expect(within(evening()).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('asks a question, checks the reflection, saves it and shows the daily summary', async () => {
    const user = setup(new Date(2026, 2, 10, 19, 0));
    let day = doneCompass('2026-03-10');
    const summary = held<'generateSummary'>();
    const { fetch } = renderToday('/today', {
      getCompassView: () => compassView([day]),
      generateQuestion: question,
      createInteraction: (request) => {
        day = { ...day, eveningNote: String(sentBody(request.init).responseText), reflectionInteractionId: 'refl-1' };
        return echoInteraction('refl-1')(request);
      },
      generateSummary: summary.handler,
    });
    await user.click(await within(evening()).findByRole('button', { name: 'Start' }));
    const box = await screen.findByRole('textbox', { name: question.question });
    await user.click(screen.getByRole('button', { name: 'Save reflection' }));
    expect(screen.getByText('Add your reflection to continue.')).toBeInTheDocument();
    expect(callsTo(fetch, 'createInteraction')).toHaveLength(0);

    await user.type(box, 'Short day.');
    expect(screen.queryByText("You're doing great.")).not.toBeInTheDocument();
    await user.type(box, ' I finished the essay.');
    expect(screen.getByText("You're doing great.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save reflection' }));

    expect(await screen.findByText('Evening reflection saved — insights will help shape your growth')).toBeInTheDocument();
    expect(sentBody(callsTo(fetch, 'createInteraction')[0]!)).toMatchObject({
      kind: 'reflection',
      promptText: question.question,
      responseText: 'Short day. I finished the essay.',
      captureMethod: 'text',
      interactionMeta: { type: 'evening-reflection', generatedQuestion: question.question },
      date: '2026-03-10',
    });
    expect(await within(evening()).findByText('Generating daily summary...')).toBeInTheDocument();
    expect(sentBody(callsTo(fetch, 'generateSummary')[0]!)).toEqual({ date: '2026-03-10', eveningReflectionText: 'Short day. I finished the essay.' });

    day = { ...day, dailySummary: 'A focused day that ended well.' };
    summary.answer({ summary: day.dailySummary!, source: 'template', day });
    expect(await within(evening()).findByText('A focused day that ended well.')).toBeInTheDocument();
    expect(within(evening()).getByText('Short day. I finished the essay.')).toBeInTheDocument();
  });

  it('stays on Start and says so when questions are asked too often', async () => {
    const user = setup(new Date(2026, 2, 10, 19, 0));
    renderToday('/today', {
      getCompassView: compassView([doneCompass('2026-03-10')]),
      generateQuestion: fail(429, { code: 'RATE_LIMITED', message: 'Slow down' }),
    });
    await user.click(await within(evening()).findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeInTheDocument();
    expect(within(evening()).getByRole('button', { name: 'Start' })).toBeInTheDocument();
  });

  it('stays on Start when the question cannot be generated', async () => {
    const user = setup(new Date(2026, 2, 10, 19, 0));
    renderToday('/today', {
      getCompassView: compassView([doneCompass('2026-03-10')]),
      generateQuestion: fail(502, { code: 'INTERNAL_ERROR', message: 'boom' }),
    });
    await user.click(await within(evening()).findByRole('button', { name: 'Start' }));
    expect(await screen.findByText("Couldn't generate a question, try again in a minute.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows where a question from the member’s record came from, linking that record in a new tab, and no source for the bank’s question', async () => {
    const user = setup(new Date(2026, 2, 10, 19, 0));
    const fromRecord: GenerateQuestionResponse = {
      question: 'On Sunday you noted: “I rush when tired.” How does that thought sit with you tonight?',
      stage: 'feelings',
      source: 'record',
      basis: { kind: 'fragment', date: '2026-03-08', label: 'From your fragment on Sunday', link: '/fragments?id=f-1' },
    };
    let answer = fromRecord;
    renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10')]), generateQuestion: () => answer });
    await user.click(await within(evening()).findByRole('button', { name: 'Start' }));
    const box = await screen.findByRole('textbox', { name: fromRecord.question });
    const source = within(evening()).getByRole('link', { name: 'From your fragment on Sunday (opens in a new tab)' });
    expect(source).toHaveAttribute('href', '/fragments?id=f-1');
    expect(source).toHaveAttribute('target', '_blank');
    expect(box).toHaveAccessibleDescription('From your fragment on Sunday (opens in a new tab)');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    answer = question;
    await user.click(await within(evening()).findByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('textbox', { name: question.question })).not.toHaveAccessibleDescription();
    expect(within(evening()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the text and says so when the reflection cannot be saved', async () => {
    const user = setup(new Date(2026, 2, 10, 19, 0));
    renderToday('/today', {
      getCompassView: compassView([doneCompass('2026-03-10')]),
      generateQuestion: question,
      createInteraction: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }),
    });
    await user.click(await within(evening()).findByRole('button', { name: 'Start' }));
    await user.type(await screen.findByRole('textbox', { name: question.question }), 'It was fine.');
    await user.click(screen.getByRole('button', { name: 'Save reflection' }));
    expect(await screen.findByText('Failed to save reflection')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: question.question })).toHaveValue('It was fine.');
  });

  it('raises a toast when the daily summary fails and offers to try again', async () => {
    setup(new Date(2026, 2, 10, 19, 0));
    const { fetch } = renderToday('/today', {
      getCompassView: compassView([reflected({ dailySummary: null })]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      generateSummary: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }),
    });
    expect(await screen.findByText('Failed to generate daily summary. Please try again.')).toBeInTheDocument();
    expect(within(evening()).getByRole('button', { name: 'Generate the summary again' })).toBeInTheDocument();
    expect(callsTo(fetch, 'generateSummary')).toHaveLength(1);
  });

  it('says a summary written before the morning changed may not match it, and writes it again on request', async () => {
    const user = setup(new Date(2026, 2, 10, 21, 0));
    let day = reflected({ mood: 45, energy: 25, dailySummary: 'You rated your mood Wonderful (100/100) today.', summarySource: 'template', summaryStale: true });
    const { fetch } = renderToday('/today', {
      getCompassView: () => compassView([day]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      generateSummary: () => {
        day = { ...day, dailySummary: 'You rated your mood Okay (45/100) today.', summaryStale: false };
        return { summary: day.dailySummary!, source: 'template', day };
      },
    });
    expect(await within(evening()).findByRole('note')).toHaveTextContent('Written before you changed this morning’s check-in');
    expect(within(evening()).getByText('Put together from your own entries: check-ins, fragments, wins and reflection')).toBeInTheDocument();
    await user.click(within(evening()).getByRole('button', { name: 'Write it again' }));
    expect(await within(evening()).findByText('You rated your mood Okay (45/100) today.')).toBeInTheDocument();
    expect(within(evening()).queryByRole('note')).not.toBeInTheDocument();
    expect(callsTo(fetch, 'generateSummary')).toHaveLength(1);
  });

  it('says a summary the coach model wrote was written by AI', async () => {
    setup(new Date(2026, 2, 10, 21, 0));
    renderToday('/today', { getCompassView: compassView([reflected({ summarySource: 'model' })]), getInteraction: when({ id: 'refl-1' }, savedReflection) });
    expect(await within(evening()).findByText('Written by AI from your check-in and reflection')).toBeInTheDocument();
  });

  it("leaves an edit of today's reflection with Cancel, saving nothing", async () => {
    const user = setup(new Date(2026, 2, 10, 21, 0));
    const { fetch } = renderToday('/today', { getCompassView: compassView([reflected()]), getInteraction: when({ id: 'refl-1' }, savedReflection) });
    await user.click(await within(evening()).findByRole('button', { name: 'Edit' }));
    await user.type(within(evening()).getByRole('textbox'), ' And then some.');
    await user.click(within(evening()).getByRole('button', { name: 'Cancel' }));
    expect(within(evening()).getByText('A calm, good day.')).toBeInTheDocument();
    expect(within(evening()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(callsTo(fetch, 'updateInteraction')).toHaveLength(0);
  });

  it("edits today's reflection from its text and updates the same interaction", async () => {
    const user = setup(new Date(2026, 2, 10, 21, 0));
    const { fetch } = renderToday('/today', {
      getCompassView: compassView([reflected()]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
      updateInteraction: when({ id: 'refl-1' }, echoInteraction('refl-1')),
      generateSummary: { summary: 'Updated.', source: 'template', day: reflected() },
    });
    expect(await within(evening()).findByText('You kept your focus.')).toBeInTheDocument();
    expect(await within(evening()).findByText('What went well?')).toBeInTheDocument();
    await user.click(within(evening()).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'What went well?' });
    expect(box).toHaveValue('A calm, good day.');
    await user.type(box, ' Truly.');
    await user.click(screen.getByRole('button', { name: 'Save reflection' }));
    await vi.waitFor(() => expect(callsTo(fetch, 'updateInteraction', { id: 'refl-1' })).toHaveLength(1));
    expect(sentBody(callsTo(fetch, 'updateInteraction', { id: 'refl-1' })[0]!)).toMatchObject({ responseText: 'A calm, good day. Truly.' });
    // The summary is written again from the edited text.
    await vi.waitFor(() => expect(callsTo(fetch, 'generateSummary')).toHaveLength(1));
    expect(sentBody(callsTo(fetch, 'generateSummary')[0]!)).toMatchObject({ eveningReflectionText: 'A calm, good day. Truly.' });
  });

  it('shows a past reflection read-only, or says there is none', async () => {
    setup(new Date(2026, 2, 11, 21, 0));
    const first = renderToday('/today?date=2026-03-10', {
      getCompassView: compassView([reflected()]),
      getInteraction: when({ id: 'refl-1' }, savedReflection),
    });
    expect(await within(evening()).findByText('You kept your focus.')).toBeInTheDocument();
    expect(within(evening()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    first.unmount();
    renderToday('/today?date=2026-03-09', { getCompassView: compassView([compassDay('2026-03-09')]) });
    expect(await within(evening()).findByText('No reflection data available for Monday, March 9, 2026.')).toBeInTheDocument();
  });

  it('offers the recharge nudge when energy is below 40 today, only while the feed holds the card it lands on', async () => {
    setup(new Date(2026, 2, 10, 10, 0));
    const rechargeCard = {
      id: 'recharge-2026-03-10', type: 'nudge', trigger: 'recharge', title: 'Time to recharge', content: 'Your energy is 35 today.', timestamp: '2026-03-10T12:00:00.000Z',
      source: 'Daily compass', sourceDetails: 'Energy 35 on 2026-03-10', primaryAction: { label: 'Open evening check-in', href: '/today?reflect=evening' }, secondaryAction: null,
      isRead: false, canSnooze: true, canMute: true,
    } as const;
    const feed = (cards: (typeof rechargeCard)[]) => () => ({ cards, counts: { all: cards.length, insights: 0, nudges: cards.length, journal: 0, tasks: 0 }, unread: cards.length, unseen: cards.length });
    const first = renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10', { energy: 35 })]), getMentorFeed: feed([rechargeCard]) });
    expect(await within(evening()).findByRole('link', { name: /recharge/ })).toHaveAttribute('href', '/mentor-feed?nudge=recharge');
    first.unmount();
    // Snoozed (or muted) in the feed: the nudge would land on nothing, so it is not offered.
    const snoozed = renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10', { energy: 35 })]), getMentorFeed: feed([]) });
    await within(evening()).findByText('Opens after 3 PM today.');
    // The top bar's dot asks for the feed as the page loads, and the nudge asks again as it mounts.
    await waitFor(() => expect(callsTo(snoozed.fetch, 'getMentorFeed')).toHaveLength(2));
    expect(screen.queryByRole('link', { name: /recharge/ })).not.toBeInTheDocument();
    snoozed.unmount();
    const fine = renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10', { energy: 40 })]), getMentorFeed: feed([rechargeCard]) });
    await within(evening()).findByText('Opens after 3 PM today.');
    expect(screen.queryByRole('link', { name: /recharge/ })).not.toBeInTheDocument();
    // Only the top bar's dot asked: no nudge was considered.
    expect(callsTo(fine.fetch, 'getMentorFeed')).toHaveLength(1);
    fine.unmount();
    // A past low day is history, not something to act on now.
    renderToday('/today?date=2026-03-09', { getCompassView: compassView([doneCompass('2026-03-09', { energy: 20 })]), getMentorFeed: feed([rechargeCard]) });
    await within(evening()).findByText(/March 9, 2026/);
    expect(screen.queryByRole('link', { name: /recharge/ })).not.toBeInTheDocument();
  });
});
