import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { AppProviders } from '@/app/providers.tsx';
import { testQueryClient } from '@/test/render.tsx';
import { resetStreamForTests, streamStore, type ActiveStream } from '../../lib/stream-store.ts';
import { replySummary, StreamAnnouncer } from './stream-announcer.tsx';

afterEach(() => act(() => resetStreamForTests()));

function stream(text: string, overrides: Partial<ActiveStream> = {}): ActiveStream {
  const response = testMessage('pending', 'q', { isCreatedByUser: false, text: '', content: text ? [{ type: 'text', text }] : [] });
  return { clientId: 'k1', conversationId: 'c1', endpoint: 'demo', request: null, response, created: true, opened: true, slow: false, stopped: false, lastTokenAt: Date.now(), error: null, controller: new AbortController(), ...overrides };
}

function showAnnouncer() {
  render(
    <AppProviders queryClient={testQueryClient()}>
      <StreamAnnouncer conversationId="c1" />
    </AppProviders>,
  );
  return screen.getByRole('status');
}

describe('StreamAnnouncer', () => {
  it('is a polite, atomic live region that says nothing before a reply', () => {
    const region = showAnnouncer();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(region).toBeEmptyDOMElement();
  });

  it('says a reply started, keeps quiet while tokens arrive, and reads the opening of the finished reply', () => {
    const region = showAnnouncer();
    const live = stream('');
    act(() => streamStore.start(live));
    expect(region).toHaveTextContent('Meld is replying…');
    act(() => void streamStore.update(live, () => ({ response: { ...live.response, content: [{ type: 'text', text: 'Start with **one** question.' }] } })));
    act(() => void streamStore.update(live, () => ({ response: { ...live.response, content: [{ type: 'text', text: 'Start with **one** question. Then listen.' }] } })));
    expect(region).toHaveTextContent('Meld is replying…');
    act(() => streamStore.remove(live));
    expect(region).toHaveTextContent('Meld replied: Start with one question. Then listen.');
  });

  it('says a stopped reply was stopped when Stop is pressed, and nothing more when it is saved', () => {
    const region = showAnnouncer();
    const live = stream('Delegation begins with trust.');
    act(() => streamStore.start(live));
    act(() => void streamStore.update(live, () => ({ stopped: true })));
    expect(region).toHaveTextContent('Reply stopped: Delegation begins with trust.');
    act(() => streamStore.remove(live));
    expect(region).toHaveTextContent('Reply stopped: Delegation begins with trust.');
  });

  it('says a reply stopped before its first word was stopped, not finished', () => {
    const region = showAnnouncer();
    const live = stream('');
    act(() => streamStore.start(live));
    act(() => void streamStore.update(live, () => ({ stopped: true })));
    act(() => streamStore.remove(live));
    expect(region).toHaveTextContent(/^Reply stopped\.$/);
  });

  it('says the model declined, in its own words, rather than that it replied', () => {
    const region = showAnnouncer();
    const live = stream('');
    act(() => streamStore.start(live));
    act(() => void streamStore.update(live, () => ({ response: { ...live.response, content: [{ type: 'refusal', refusal: 'I can’t help with that.' }] } })));
    act(() => streamStore.remove(live));
    expect(region).toHaveTextContent(/^The model declined: I can’t help with that\.$/);
  });

  it('reads a failed reply once, when its error arrives', () => {
    const region = showAnnouncer();
    const live = stream('');
    act(() => streamStore.start(live));
    act(() => void streamStore.update(live, () => ({ error: { code: 'network', message: 'The connection dropped' } })));
    expect(region.textContent).toMatch(/^The reply failed: /);
    const said = region.textContent;
    act(() => streamStore.remove(live));
    expect(region.textContent).toBe(said);
  });

  it('speaks only for its own conversation: a reply elsewhere is neither started nor finished here', () => {
    const region = showAnnouncer();
    const elsewhere = stream('Somewhere else.', { clientId: 'k2', conversationId: 'c2' });
    act(() => streamStore.start(elsewhere));
    act(() => streamStore.remove(elsewhere));
    expect(region).toBeEmptyDOMElement();
  });
});

describe('replySummary', () => {
  it('keeps whole opening sentences of a long reply and drops code and markdown marks', () => {
    const long = `## Plan\n\nFirst, **name** the outcome you want. ${'Then write down every step you can think of. '.repeat(8)}\n\n\`\`\`js\nlet x = 1;\n\`\`\``;
    const summary = replySummary(testMessage('r', 'q', { isCreatedByUser: false, content: [{ type: 'text', text: long }] }));
    expect(summary.startsWith('Plan First, name the outcome you want. Then write down')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(220);
    expect(summary.endsWith('.')).toBe(true);
    expect(summary).not.toContain('let x');
  });

  it('reads an artifact as its title, never its directive or code', () => {
    const text = 'Here is the page.\n\n:::artifact{identifier="counter" type="text/html" title="Counter page"}\n```html\n<button onclick="n++">Add</button>\n```\n:::\n\nClick the button.';
    const summary = replySummary(testMessage('r', 'q', { isCreatedByUser: false, content: [{ type: 'text', text }] }));
    expect(summary).toBe('Here is the page. Counter page Click the button.');
  });
});
