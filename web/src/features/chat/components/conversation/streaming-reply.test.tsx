import { act, render, screen } from '@testing-library/react';
import { useTranslation } from '@/lib/use-translation.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@meld/shared';
import { ArtifactHostContext } from '@/components/artifacts/artifact-store.ts';
import { MessageTree } from '@/components/messages/message-tree.tsx';
import { testMessage } from '@/components/messages/test-messages.ts';
import { AppProviders } from '@/app/providers.tsx';
import { testQueryClient } from '@/test/render.tsx';
import type { ActiveStream } from '../../lib/stream-store.ts';
import { streamingReply, UNFINISHED_DELAY_MS } from './streaming-reply.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function stream(overrides: Partial<ActiveStream> = {}): ActiveStream {
  const response = testMessage('pending', 'q', { isCreatedByUser: false, text: '', content: [] });
  return { clientId: 'k1', conversationId: 'c1', endpoint: 'demo', request: null, response, created: true, opened: true, slow: false, stopped: false, lastTokenAt: Date.now(), error: null, controller: new AbortController(), ...overrides };
}

function StreamingReply({ stream: value }: { stream: ActiveStream }) {
  const { t } = useTranslation();
  return streamingReply(value, t);
}

const show = (value: ActiveStream) => render(<AppProviders queryClient={testQueryClient()}>{<StreamingReply stream={value} />}</AppProviders>);

describe('streamingReply', () => {
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

  it('hands its content over to the saved reply without remounting it: a card pressed as the reply finishes still gets the click', () => {
    vi.useRealTimers();
    const text = 'Three more:\n\n:::artifact{identifier="counter" type="text/html" title="Counter"}\n```html\n<p>0</p>\n```\n:::';
    const question = testMessage('q', undefined, { text: 'Now three more' });
    const saved = testMessage('r', 'q', { isCreatedByUser: false, minute: 1, text, content: [{ type: 'text', text }] });
    const live = stream({ response: saved });
    const Conversation = ({ streaming }: { streaming: boolean }) => {
      const { t } = useTranslation();
      const messages: Message[] = [question, saved];
      return (
        <ArtifactHostContext.Provider value={{ conversationId: 'c1' }}>
          <MessageTree messages={messages} renderBody={(entry) => (streaming && entry.message.messageId === 'r' ? streamingReply(live, t) : null)} />
        </ArtifactHostContext.Provider>
      );
    };
    const view = render(<AppProviders queryClient={testQueryClient()}><Conversation streaming /></AppProviders>);
    const pressed = screen.getByRole('button', { name: 'Open Counter' });
    view.rerender(<AppProviders queryClient={testQueryClient()}><Conversation streaming={false} /></AppProviders>);
    // The same element, not a new one in its place: a press and its release land on one target.
    expect(screen.getByRole('button', { name: 'Open Counter' })).toBe(pressed);
  });
});
