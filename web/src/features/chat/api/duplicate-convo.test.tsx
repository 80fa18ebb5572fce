import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { callsTo, fail, held, mockApi, when } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { testConvo } from '../test/chat-fixtures.tsx';
import { useDuplicateConvo } from './convo-mutations.ts';

function DuplicateButton() {
  const duplicate = useDuplicateConvo();
  return (
    <button type="button" onClick={() => duplicate.mutate({ conversationId: 'a' })}>
      Duplicate
    </button>
  );
}

function renderDuplicate() {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      {
        path: '/c/:conversationId',
        element: <DuplicateButton />,
      },
    ],
    '/c/a',
  );
}

describe('duplicating a conversation', () => {
  it('says it is working at once, and succeeds, with a way to open the copy, only once the copy is filled in', async () => {
    const answer = held<'duplicateConvo'>();
    const stillCopying = held<'getConvo'>();
    const fetchSpy = mockApi({ duplicateConvo: answer.handler, getConvo: when({ conversationId: 'copy' }, stillCopying.handler) });
    const { router } = renderDuplicate();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Duplicating the conversation…')).toBeInTheDocument();

    answer.answer({ conversation: testConvo('copy', { title: 'Plan (copy)', copying: true }) });
    // The server still copies the messages: the processing note stays, and nothing claims success.
    await vi.waitFor(() => expect(callsTo(fetchSpy, 'getConvo', { conversationId: 'copy' })).toHaveLength(1), { timeout: 3000 });
    expect(screen.getByText('Duplicating the conversation…')).toBeInTheDocument();
    expect(screen.queryByText('Conversation duplicated.')).not.toBeInTheDocument();

    stillCopying.answer(testConvo('copy', { title: 'Plan (copy)', copying: false }));
    expect(await screen.findByText('Conversation duplicated.')).toBeInTheDocument();
    expect(screen.queryByText('Duplicating the conversation…')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the copy' }));
    expect(router.state.location.pathname).toBe('/c/copy');
  });

  it('shows the duplication error when the copy cannot be made', async () => {
    mockApi({ duplicateConvo: fail(409, { code: 'CONFLICT', message: 'Still being copied' }) });
    renderDuplicate();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('There was an error duplicating the conversation.')).toBeInTheDocument();
    expect(screen.queryByText('Duplicating the conversation…')).not.toBeInTheDocument();
  });
});
