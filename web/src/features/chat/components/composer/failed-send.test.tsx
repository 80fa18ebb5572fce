import type { FileConfig, FileRecord } from '@meld/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, callsTo, reply } from '@/test/mock-api.ts';
import { bodyOf } from '../../test/chat-fixtures.tsx';
import { resetDraftsForTests } from '../../hooks/use-draft.ts';
import { chooseModel, renderBareComposer, renderComposer, send, testEndpoints, testModels, type SendSpy } from './composer-test-kit.tsx';

/* Issue 25, section 2: what the server would refuse is said before sending, and a refused send loses nothing. */

const rules = { disabled: false, fileLimit: 5, fileSizeLimit: 4096, totalSizeLimit: 8192, supportedMimeTypes: ['image/png', 'application/pdf', 'text/plain'] };
// OpenAI's endpoint here takes images only.
const fileConfig: FileConfig = { serverFileSizeLimit: 4096, avatarSizeLimit: 2048, apiUploadSizeLimit: 8192, endpoints: { default: rules, openAI: { ...rules, supportedMimeTypes: ['image/png'] } } };

function record(file_id: string, filename: string, type: string, bytes: number): FileRecord {
  return { file_id, filename, type, bytes, user: 'u1', source: 's3', context: 'message_attachment', filepath: `/api/files/download/u1/${file_id}`, temporary: true, createdAt: '', updatedAt: '' };
}
const chartFile = record('img-1', 'chart.png', 'image/png', 300);

const endpoints = {
  ...testEndpoints,
  demo: { ...testEndpoints.demo, visionModels: ['meld-demo'] },
  openAI: { ...testEndpoints.openAI, visionModels: ['gpt-4o'] },
  anthropic: { ...testEndpoints.anthropic, userProvide: true, visionModels: ['claude-3-7-sonnet-latest'] },
};

function routes(overrides: ApiMocks = {}): ApiMocks {
  return {
    listEndpoints: endpoints,
    listModels: { ...testModels, openAI: ['gpt-4o-mini', 'gpt-4o'] },
    listKeys: { keys: [] },
    getFileConfig: fileConfig,
    uploadImages: reply({ message: 'ok', files: [chartFile] }, 201),
    uploadFiles: reply({ message: 'ok', files: [record('pdf-1', 'report.pdf', 'application/pdf', 500)] }, 201),
    deleteFiles: { message: 'ok', deleted: [] },
    deleteTemporaryFiles: { deleted: [] },
    ...overrides,
  };
}

const png = () => new File([new Uint8Array(300)], 'chart.png', { type: 'image/png' });
const pdf = () => new File([new Uint8Array(500)], 'report.pdf', { type: 'application/pdf' });
const attach = (...files: File[]) => userEvent.upload(screen.getByTestId('attach-input'), files);
const box = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const warnings = () => screen.getByRole('list', { name: 'Before this can be sent' });
const attached = async (name: string) => within(await screen.findByRole('list', { name: 'Attached files' })).findByText(name);
const uploaded = () => waitFor(() => expect(screen.queryByLabelText(/^Uploading /)).toBeNull());

describe('warnings before sending', () => {
  it('says a model cannot see images, keeps Send off, and offers a model of the same endpoint that can', async () => {
    renderComposer('/c/new', routes());
    await chooseModel('openAI', 'gpt-4o-mini');
    await attach(png());
    await attached('chart.png');
    await userEvent.type(box(), 'What does this show?');
    expect(await within(warnings()).findByText('gpt-4o-mini cannot see images. Switch to a model that can, or remove the image.')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAttribute('title', 'Fix what the warning above says to send');
    expect(sendButton()).toHaveAccessibleDescription(/cannot see images/);

    await userEvent.click(within(warnings()).getByRole('button', { name: 'Use gpt-4o' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Before this can be sent' })).toBeNull());
    expect(sendButton()).toBeEnabled();
  });

  it('lets the images go instead', async () => {
    renderComposer('/c/new', routes());
    await chooseModel('openAI', 'gpt-4o-mini');
    await attach(png());
    await attached('chart.png');
    await userEvent.click(await within(warnings()).findByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull());
    expect(screen.queryByRole('list', { name: 'Before this can be sent' })).toBeNull();
  });

  it('says the endpoint needs her own key, with a button that sets it, after which Send is on', async () => {
    let keys: Array<{ name: string; expiresAt: string | null }> = [];
    const fetchSpy = renderComposer(
      '/c/new',
      routes({
        listKeys: () => ({ keys }),
        updateKey: ({ init }) => {
          const body = bodyOf(init) as { name: string; expiresAt: string | null };
          keys = [{ name: body.name, expiresAt: body.expiresAt }];
          return { name: body.name, expiresAt: body.expiresAt };
        },
      }),
    );
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await userEvent.type(box(), 'Hello');
    expect(await within(warnings()).findByText('Anthropic needs your own API key. Set your key to send this message.')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();

    await userEvent.click(within(warnings()).getByRole('button', { name: 'Set Anthropic key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key for Anthropic' });
    await userEvent.type(within(dialog).getByLabelText('API key'), 'sk-ant-mine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'updateKey')).toHaveLength(1));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(screen.queryByRole('list', { name: 'Before this can be sent' })).toBeNull();
  });

  it("says which file this endpoint's rules refuse when the model changes after attaching, and removes it", async () => {
    renderComposer('/c/new', routes());
    await chooseModel('demo', 'meld-demo');
    await attach(pdf());
    await attached('report.pdf');
    await uploaded();
    await userEvent.type(box(), 'Summarise');
    expect(sendButton()).toBeEnabled();

    await chooseModel('openAI', 'gpt-4o');
    expect(await within(warnings()).findByText('report.pdf is not a file type Meld can attach. Remove it, or choose a model whose endpoint takes it.')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await userEvent.click(within(warnings()).getByRole('button', { name: 'Remove report.pdf' }));
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });
});

describe('a refused send', () => {
  it('puts the text and the files back with the server’s reason, and Retry sends the same draft again', async () => {
    const onSend = vi.fn<SendSpy>().mockResolvedValueOnce({ accepted: false, error: { code: 'VALIDATION_ERROR', message: 'This model cannot see images: choose a vision model or remove chart.png.' } }).mockResolvedValueOnce({ accepted: true, conversationId: 'c1' });
    renderBareComposer(onSend, routes());
    await chooseModel('demo', 'meld-demo');
    await attach(png());
    await attached('chart.png');
    await uploaded();
    await send('What does this show?');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent. Your message is back in the box.');
    expect(alert).toHaveTextContent('This model cannot see images: choose a vision model or remove chart.png.');
    expect(box()).toHaveValue('What does this show?');
    expect(await attached('chart.png')).toBeInTheDocument();
    expect(onSend).toHaveBeenCalledWith('What does this show?', [expect.objectContaining({ file_id: 'img-1', filename: 'chart.png' })]);

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend.mock.calls[1]).toEqual(onSend.mock.calls[0]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('keeps the draft when the network fails, saying so', async () => {
    const onSend = vi.fn<SendSpy>().mockResolvedValueOnce({ accepted: false, error: { code: 'network', message: 'Failed to fetch' } });
    renderBareComposer(onSend, routes());
    await chooseModel('demo', 'meld-demo');
    await send('Still here?');
    expect(await screen.findByRole('alert')).toHaveTextContent('Meld could not be reached. Check your connection, then retry.');
    expect(box()).toHaveValue('Still here?');
  });

  it('offers to set the key when the refusal was for want of one', async () => {
    const onSend = vi.fn<SendSpy>().mockResolvedValue({ accepted: false, error: { code: 'no_user_key', message: 'Provide your own API key for anthropic to use it' } });
    renderBareComposer(onSend, routes({ listKeys: { keys: [{ name: 'anthropic', expiresAt: null }] } }));
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    await waitFor(() => expect(screen.getByRole('button', { name: 'API key' })).toBeInTheDocument());
    await send('Hello');
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Set Anthropic key' }));
    expect(await screen.findByRole('dialog', { name: 'API key for Anthropic' })).toBeInTheDocument();
  });

  it('empties the box for good once the send is accepted (or the sender says nothing)', async () => {
    const onSend = vi.fn<SendSpy>().mockResolvedValue(undefined);
    renderBareComposer(onSend, routes());
    await chooseModel('demo', 'meld-demo');
    await send('Gone');
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a draft across a reload', () => {
  it('comes back with its text and its uploaded files, uploading nothing again', async () => {
    const first = renderComposer('/c/new', routes());
    await chooseModel('demo', 'meld-demo');
    await attach(png());
    await attached('chart.png');
    await uploaded();
    await userEvent.type(box(), 'Half a question');
    // A reload before the text's debounced write: leaving the page writes it.
    window.dispatchEvent(new Event('pagehide'));
    cleanup();
    // A reload: nothing in memory, only what this device kept.
    resetDraftsForTests();
    expect(callsTo(first, 'deleteTemporaryFiles')).toHaveLength(0);

    const again = renderComposer('/c/new', routes());
    expect(await attached('chart.png')).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveValue('Half a question'));
    await chooseModel('demo', 'meld-demo');
    await userEvent.type(box(), '?{Enter}');
    await waitFor(() => expect(callsTo(again, 'askDemo')).toHaveLength(1));
    expect(bodyOf(callsTo(again, 'askDemo')[0])).toMatchObject({ text: 'Half a question?', files: [{ file_id: 'img-1' }] });
    expect(callsTo(again, 'uploadImages')).toHaveLength(0);
  });
});
