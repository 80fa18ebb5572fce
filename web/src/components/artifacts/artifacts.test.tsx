import { NO_PARENT, type Message } from '@meld/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageContent } from '@/components/messages/message-content.tsx';
import { setSession } from '@/lib/auth-session.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { callsTo, fail, mockApi, when } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { ArtifactWorkspace } from './artifact-workspace.tsx';
import { closeArtifact } from './artifact-store.ts';

const block = (identifier: string, title: string, code: string, type = 'text/html', fence = 'html') => `:::artifact{identifier="${identifier}" type="${type}" title="${title}"}\n\`\`\`${fence}\n${code}\n\`\`\`\n:::`;

function reply(messageId: string, text: string, createdAt = '2026-11-20T12:00:01.000Z'): Message {
  return { messageId, conversationId: 'c1', parentMessageId: 'q1', text, sender: 'openAI', isCreatedByUser: false, createdAt, updatedAt: createdAt };
}

const question: Message = { messageId: 'q1', conversationId: 'c1', parentMessageId: NO_PARENT, text: 'Make a page', sender: 'User', isCreatedByUser: true, createdAt: '2026-11-20T12:00:00.000Z', updatedAt: '2026-11-20T12:00:00.000Z' };

function renderConversation(messages: Message[], host = true) {
  setSession('tok', testUser, { broadcast: false });
  const queryClient = testQueryClient();
  queryClient.setQueryData(convoKeys.messages('c1'), messages);
  const list = messages.map((message) => <MessageContent key={message.messageId} message={message} />);
  const element = host ? (
    <ArtifactWorkspace conversationId="c1" messages={messages}>
      {list}
    </ArtifactWorkspace>
  ) : (
    <div>{list}</div>
  );
  return renderRoutes([{ path: '/', element }], '/', queryClient);
}

/** The document the preview hands its frame once the frame's page has loaded. */
function postedDocument(frame: HTMLElement): string {
  const post = vi.spyOn((frame as HTMLIFrameElement).contentWindow!, 'postMessage').mockImplementation(() => {});
  fireEvent.load(frame);
  return String(post.mock.calls[0]?.[0] ?? '');
}

afterEach(() => {
  act(() => closeArtifact());
  vi.useRealTimers();
});

describe('artifacts in replies', () => {
  it('shows an artifact as a card with its title and type instead of the directive and code', () => {
    renderConversation([reply('a1', `Here is your page.\n\n${block('hello', 'Hello page', '<h1>Hello</h1>')}\n\nEnjoy!`)]);
    expect(screen.getByText('Here is your page.')).toBeInTheDocument();
    expect(screen.getByText('Enjoy!')).toBeInTheDocument();
    expect(screen.getByText('Hello page')).toBeInTheDocument();
    expect(screen.getByText('Web page')).toBeInTheDocument();
    expect(screen.queryByText(/:::artifact/)).not.toBeInTheDocument();
    expect(screen.queryByText('<h1>Hello</h1>')).not.toBeInTheDocument();
  });

  it('without a side panel (the share page) shows the card with its code and no Open button', () => {
    renderConversation([reply('a1', block('hello', 'Hello page', '<h1>Hello</h1>'))], false);
    expect(screen.getByText('Hello page')).toBeInTheDocument();
    expect(screen.getByText('<h1>Hello</h1>')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Hello page' })).not.toBeInTheDocument();
  });

  it('opens the preview in a frame that may run scripts but not reach this page or the network', async () => {
    renderConversation([reply('a1', block('hello', 'Hello page', '<h1>Hello</h1>'))]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Hello page' }));
    const panel = screen.getByRole('complementary', { name: 'Hello page' });
    expect(within(panel).getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    const frame = await within(panel).findByTitle('Preview of Hello page');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/artifact-frame.html');
    const doc = postedDocument(frame);
    expect(doc.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(doc.indexOf('<h1>Hello</h1>'));
    expect(doc).toContain("connect-src 'none'");
    expect(doc).toContain("default-src 'none'");
    expect(doc).toContain('<h1>Hello</h1>');
    // The one way out the browser leaves open is told, not hidden (decision 0022).
    expect(within(panel).getByText(/can make your browser connect to a web address it names/)).toBeInTheDocument();
  });

  it('shows the code, copies it with feedback for 3 seconds, and downloads it with the extension of its type', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const downloads = captureDownloads();
    renderConversation([reply('a1', block('chart', 'Sign-up flow', 'graph TD; A-->B', 'application/vnd.mermaid', 'mermaid'))]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Sign-up flow' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('graph TD; A-->B');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('graph TD; A-->B');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads.names).toEqual(['sign-up-flow.mmd']);
    expect(await downloads.text()).toBe('graph TD; A-->B');
  });

  it('moves between the versions of an artifact written again under the same identifier', async () => {
    renderConversation([
      question,
      reply('a1', block('page', 'Page', '<p>one</p>'), '2026-11-20T12:00:01.000Z'),
      reply('a2', `Better:\n${block('page', 'Page', '<p>two</p>')}`, '2026-11-20T12:01:00.000Z'),
    ]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Open Page' })[1]!);
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next version' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('<p>one</p>');
  });

  it('colours the code with the app’s highlighter under the editable text, wrapping long lines rather than scrolling sideways', async () => {
    renderConversation([question, reply('a1', block('page', 'Page', `<p class="lead">${'word '.repeat(60)}</p>`))]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Page' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    const code = screen.getByRole('textbox', { name: 'Code' });
    const coloured = code.previousElementSibling as HTMLElement;
    await waitFor(() => expect(coloured.querySelector('.hljs-tag .hljs-name')).toHaveTextContent('p'));
    expect(coloured).toHaveAttribute('aria-hidden', 'true');
    expect(coloured).toHaveTextContent('class="lead"');
    // Both layers wrap the same way, so the caret sits on its coloured character.
    for (const layer of [code, coloured]) expect(layer.className).toMatch(/whitespace-pre-wrap .*\[overflow-wrap:anywhere\]/);
    expect(code).not.toHaveAttribute('wrap', 'off');
    // Typing recolours what is typed.
    await userEvent.type(code, '<b>x</b>');
    await waitFor(() => expect([...coloured.querySelectorAll('.hljs-name')].map((name) => name.textContent)).toContain('b'));
  });

  it('shows an artifact still streaming as being written, on its code, with the preview not yet available', async () => {
    renderConversation([reply('a1', 'Sure.\n:::artifact{identifier="x" type="text/html" title="Draft"}\n```html\n<h1>Hel')]);
    expect(screen.getByText('Writing…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Draft' }));
    expect(screen.getByRole('tab', { name: 'Preview' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('<h1>Hel');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
  });

  it('saves an edit through the artifact route once typing pauses, naming the code it started from', async () => {
    const original = reply('a1', block('hello', 'Hello page', '<h1>Hi</h1>'));
    const saved = { ...original, text: block('hello', 'Hello page', '<h1>Hi!</h1>') };
    const fetch = mockApi({ saveArtifact: when({ messageId: 'a1' }, () => saved) });
    const { queryClient } = renderConversation([original]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Hello page' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '{ArrowLeft>5}!');
    expect(callsTo(fetch, 'saveArtifact', { messageId: 'a1' })).toHaveLength(0);
    expect(await screen.findByText('Saved', {}, { timeout: 4_000 })).toBeInTheDocument();
    const calls = callsTo(fetch, 'saveArtifact', { messageId: 'a1' });
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ conversationId: 'c1', index: 0, original: '<h1>Hi</h1>', updated: '<h1>Hi!</h1>' });
    expect(queryClient.getQueryData<Message[]>(convoKeys.messages('c1'))![0]!.text).toBe(saved.text);
  });

  it('says so when the reply changed elsewhere and the edit is refused', async () => {
    mockApi({ saveArtifact: when({ messageId: 'a1' }, () => fail(409, { code: 'CONFLICT', message: 'changed' })) });
    renderConversation([reply('a1', block('hello', 'Hello page', '<h1>Hi</h1>'))]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Hello page' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'x');
    expect(await screen.findByRole('alert', {}, { timeout: 4_000 })).toHaveTextContent('This artifact changed elsewhere');
  });

  it('numbers artifacts across the text parts of a reply, so each card opens its own', async () => {
    const parts: Message = {
      ...reply('a1', ''),
      content: [
        { type: 'think', think: 'Planning' },
        { type: 'text', text: block('first', 'First page', '<p>first</p>') },
        { type: 'text', text: block('second', 'Second page', '<p>second</p>') },
      ],
    };
    renderConversation([parts]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Second page' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('<p>second</p>');
    expect(screen.getByRole('button', { name: 'Open Second page' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Open First page' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('compiles a React component here and hands the frame a script that loads the runtime shipped with the app', async () => {
    const component = "import { useState } from 'react';\nexport default function Hi() { const [n] = useState(1); return <p>Hi {n}</p>; }";
    renderConversation([reply('a1', block('hi', 'Hi', component, 'application/vnd.react', 'tsx'))]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Hi' }));
    const frame = await screen.findByTitle('Preview of Hi', {}, { timeout: 10_000 });
    const doc = postedDocument(frame);
    expect(doc).toMatch(new RegExp(`<script src="${window.location.origin}/[^"]*runtime[^"]*"></script>`));
    expect(doc).toContain('require("react/jsx-runtime")');
    expect(doc).not.toContain('<p>Hi {n}</p>');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
  });

  it('closes with the close button and with Escape', async () => {
    renderConversation([reply('a1', block('hello', 'Hello page', '<h1>Hi</h1>'))]);
    await userEvent.click(screen.getByRole('button', { name: 'Open Hello page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close artifact' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Hello page' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
  });
});
