import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail } from '@/test/mock-api.ts';
import { answer, mockAdmin, renderMe } from '../test/admin-test-kit.tsx';

const longAnswer = `${'I learned to listen before I spoke, and that changed how my team worked with me. '.repeat(3)}The end.`;

describe('the Interview Answers tab', () => {
  it('lists every answer, newest first, with long answers cut until expanded', async () => {
    mockAdmin({
      listMentorAnswers: () => [answer(1), answer(2, { response_text: longAnswer, status: 'transcribed', mentor_name: 'Bruno Silva', mentor_email: 'bruno@example.com' })],
    });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=interviewAnswers');

    const table = await screen.findByRole('region', { name: 'Interview answers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Bruno Silva', 'Chen Wei']);
    expect(screen.getByText('2 answers')).toBeInTheDocument();
    const [bruno] = rows;
    expect(within(bruno!).getByText('bruno@example.com')).toBeInTheDocument();
    expect(within(bruno!).getByText('What shaped you at step 2?')).toBeInTheDocument();
    expect(within(bruno!).getByText('Transcribed')).toBeInTheDocument();
    expect(within(bruno!).getByText('Nov 5, 2026')).toBeInTheDocument();
    expect(within(bruno!).queryByText(/The end\./)).not.toBeInTheDocument();

    await user.click(within(bruno!).getByRole('button', { name: 'Show more' }));
    expect(within(bruno!).getByText(/The end\./)).toBeInTheDocument();
    expect(within(bruno!).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when there is no response yet', async () => {
    mockAdmin({ listMentorAnswers: () => [] });
    renderMe(undefined, '/me?tab=interviewAnswers');
    expect(await screen.findByText('No interview answers found.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the answers cannot be read', async () => {
    mockAdmin({ listMentorAnswers: () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) });
    renderMe(undefined, '/me?tab=interviewAnswers');
    expect(await screen.findByText('Failed to fetch interview answers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
