import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail } from '@/test/mock-api.ts';
import { answer, mockAdmin, renderMe, sixAnswers } from '../test/admin-test-kit.tsx';

async function openInterview(name: string) {
  const user = userEvent.setup();
  renderMe(undefined, '/me?tab=mentorSignups');
  const header = await screen.findByRole('rowheader', { name });
  await user.click(within(header.closest('tr') as HTMLElement).getByRole('button', { name: `View interview: ${name}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Complete Interview' }) };
}

describe('the Complete Interview dialog', () => {
  it("lists the mentor's six answers in order, under the stored insights", async () => {
    const withDetails = sixAnswers.map((item) =>
      item.stage_id === 2
        ? answer(2, { duration_ms: 95_000, rejected_questions: [{ question: 'An older question?', preamble: '', reason: 'Too abstract', at: '2026-11-05T12:00:00.000Z' }] })
        : item,
    );
    const fetchSpy = mockAdmin({ listMentorAnswers: () => [...withDetails].reverse() });
    const { user, dialog } = await openInterview('Chen Wei');

    expect(within(dialog).getByText('Chen Wei · m3@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Insights' })).toBeInTheDocument();
    expect(within(dialog).getByText(/ship small, learn fast/)).toBeInTheDocument();

    const items = await within(dialog).findAllByRole('listitem');
    const cards = items.filter((item) => item.parentElement?.tagName === 'OL');
    expect(cards).toHaveLength(6);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5', 'Question 6']);
    expect(within(cards[0]!).getByText('What shaped you at step 1?')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Preamble 1.')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Answer number 1.')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Recorded 1:35')).toBeInTheDocument();

    // The set-aside question is folded away until asked for.
    const rejected = within(cards[1]!).getByText('1 question set aside');
    expect(within(cards[1]!).getByText('An older question?')).not.toBeVisible();
    await user.click(rejected);
    expect(within(cards[1]!).getByText('An older question?')).toBeVisible();
    expect(within(cards[1]!).getByText('Reason: Too abstract')).toBeVisible();

    const [call] = fetchSpy.mock.calls.filter(([url]) => String(url).includes('admin-responses'));
    expect(String(call![0])).toContain('mentorId=m3');
    expect(callsTo(fetchSpy, 'listMentorAnswers')).toHaveLength(1);
  });

  it('says when a mentor has not answered yet, and that insights come at the end', async () => {
    mockAdmin({ listMentorAnswers: () => [] });
    const { dialog } = await openInterview('Amara Okafor');
    expect(await within(dialog).findByText('This mentor has not answered any question yet.')).toBeInTheDocument();
    expect(within(dialog).getByText(/No insights yet/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the answers cannot be read', async () => {
    mockAdmin({ listMentorAnswers: () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) });
    const { dialog } = await openInterview('Chen Wei');
    expect(await within(dialog).findByText('Failed to fetch this interview')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
