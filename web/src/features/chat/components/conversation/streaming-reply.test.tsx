import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { AppProviders } from '@/app/providers.tsx';
import { testQueryClient } from '@/test/render.tsx';
import type { ActiveStream } from '../../lib/stream-store.ts';
import { StreamingReply, UNFINISHED_DELAY_MS } from './streaming-reply.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function stream(overrides: Partial<ActiveStream> = {}): ActiveStream {
  const response = testMessage('pending', 'q', { isCreatedByUser: false, text: '', content: [] });
  return { conversationId: 'c1', endpoint: 'demo', request: null, response, created: true, opened: true, slow: false, lastTokenAt: Date.now(), error: null, controller: new AbortController(), ...overrides };
}

const show = (value: ActiveStream) => render(<AppProviders queryClient={testQueryClient()}>{<StreamingReply stream={value} />}</AppProviders>);

describe('StreamingReply', () => {
  it('shows the still-writing indicator only after 250 ms without a token', () => {
    const view = show(stream());
    act(() => vi.advanceTimersByTime(UNFINISHED_DELAY_MS - 10));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(screen.getByRole('status')).toHaveTextContent('Writing a reply');

    view.rerender(<AppProviders queryClient={testQueryClient()}>{<StreamingReply stream={stream({ lastTokenAt: Date.now() })} />}</AppProviders>);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the server cannot be reached when nothing came back in time', () => {
    show(stream({ opened: false, slow: true }));
    expect(screen.getByText('Error connecting to server, try refreshing the page.')).toBeInTheDocument();
  });

  it('is not a live region itself, so the growing text is not read out token by token', () => {
    const view = show(stream({ response: testMessage('pending', 'q', { isCreatedByUser: false, text: '', content: [{ type: 'text', text: 'Half a reply' }] }) }));
    expect(screen.getByText('Half a reply')).toBeInTheDocument();
    expect(view.container.querySelector('[aria-live]')).toBeNull();
  });
});
