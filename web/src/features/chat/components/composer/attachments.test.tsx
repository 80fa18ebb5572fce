import type { FileConfig, FileRecord } from '@meld/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { callsTo, fail, reply } from '@/test/mock-api.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf } from '../../test/chat-fixtures.tsx';
import { chooseModel, openParameters, renderComposer, send } from './composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

const rules = { disabled: false, fileLimit: 2, fileSizeLimit: 1024, totalSizeLimit: 1536, supportedMimeTypes: ['image/png', 'application/pdf', 'text/plain'] };
const fileConfig: FileConfig = { serverFileSizeLimit: 1024, avatarSizeLimit: 2048, apiUploadSizeLimit: 4096, endpoints: { default: rules, anthropic: { ...rules, disabled: true } } };

function record(file_id: string, filename: string, type: string, bytes: number): FileRecord {
  return { file_id, filename, type, bytes, user: 'u1', source: 's3', context: 'message_attachment', filepath: `/api/files/download/u1/${file_id}`, temporary: true, createdAt: '', updatedAt: '' };
}

const png = () => new File([new Uint8Array(300)], 'chart.png', { type: 'image/png' });
const pdf = () => new File([new Uint8Array(500)], 'report.pdf', { type: 'application/pdf' });
const attach = (...files: File[]) => userEvent.upload(screen.getByTestId('attach-input'), files);
/** As a drop or a paste would bring them: the picker's accept list filters nothing. */
const attachAny = (...files: File[]) => userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('attach-input'), files);
const chips = () => within(screen.getByRole('list', { name: 'Attached files' }));

function routes(overrides = {}) {
  return {
    getFileConfig: fileConfig,
    uploadImages: reply({ message: 'ok', files: [record('img-1', 'chart.png', 'image/png', 300)] }, 201),
    uploadFiles: reply({ message: 'ok', files: [record('pdf-1', 'report.pdf', 'application/pdf', 500)] }, 201),
    deleteFiles: { message: 'ok', deleted: ['pdf-1'] },
    deleteTemporaryFiles: { deleted: [] },
    ...overrides,
  };
}

describe('composer attachments', () => {
  it('uploads an image and a PDF at once and sends their ids with the message, which shows them', async () => {
    const fetchSpy = renderComposer('/c/new', routes());
    await chooseModel('demo', 'meld-demo');
    await attach(png(), pdf());
    await waitFor(() => expect(chips().getByText('report.pdf')).toBeInTheDocument());
    expect(callsTo(fetchSpy, 'uploadImages')).toHaveLength(1);
    expect((callsTo(fetchSpy, 'uploadFiles')[0]?.body as FormData).get('endpoint')).toBe('demo');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toHaveAttribute('title', 'Send message'));

    await send('What do these show?');
    await waitFor(() => expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askDemo')[0])).toMatchObject({ text: 'What do these show?', files: [{ file_id: 'img-1' }, { file_id: 'pdf-1' }] });
    // The composer is empty again; the sent message carries the files.
    expect(await screen.findAllByRole('list', { name: 'Attached files' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download report.pdf' })).toBeInTheDocument();
  });

  it('waits for uploads before sending', async () => {
    let finish!: () => void;
    const pending = new Promise<void>((resolve) => (finish = resolve));
    const fetchSpy = renderComposer('/c/new', routes({ uploadFiles: async () => (await pending, reply({ message: 'ok', files: [record('pdf-1', 'report.pdf', 'application/pdf', 500)] }, 201)) }));
    await chooseModel('demo', 'meld-demo');
    await attach(pdf());
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Summarise');
    const sendButton = screen.getByRole('button', { name: 'Send message' });
    expect(sendButton).toBeDisabled();
    expect(sendButton).toHaveAttribute('title', 'Waiting for uploads to finish');
    finish();
    await waitFor(() => expect(sendButton).toBeEnabled());
    await userEvent.click(sendButton);
    await waitFor(() => expect(bodyOf(callsTo(fetchSpy, 'askDemo')[0])).toMatchObject({ files: [{ file_id: 'pdf-1' }] }));
  });

  it("refuses what the endpoint's rules refuse before uploading, and shows the server's refusal on its chip", async () => {
    const fetchSpy = renderComposer('/c/new', routes({ uploadFiles: fail(400, { code: 'file_upload_limit', message: 'notes.txt is not what its name says.' }) }));
    await chooseModel('demo', 'meld-demo');
    await attachAny(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), new File([new Uint8Array(2000)], 'big.pdf', { type: 'application/pdf' }));
    expect(chips().getByText('setup.exe is not a file type Meld can attach.')).toBeInTheDocument();
    expect(chips().getByText(/big\.pdf is larger than the 1 kB a file may be\./i)).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'uploadFiles')).toHaveLength(0);

    await attach(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await chips().findByText('notes.txt is not what its name says.')).toBeInTheDocument();
  });

  it('deletes an uploaded file removed from the composer, and with drafts not saved clears the unsent uploads when the composer is left', async () => {
    const fetchSpy = renderComposer('/c/new', routes({ getUserSettings: { ...DEFAULT_USER_SETTINGS, saveDrafts: false } }));
    await waitFor(() => expect(callsTo(fetchSpy, 'getUserSettings')).toHaveLength(1));
    await chooseModel('demo', 'meld-demo');
    await attach(pdf());
    await waitFor(() => expect(chips().getByText(/500/)).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'deleteFiles')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchSpy, 'deleteFiles')[0]?.body))).toEqual({ files: [{ file_id: 'pdf-1' }] });

    await attach(png());
    await waitFor(() => expect(chips().getByText('chart.png')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toHaveAttribute('title', 'Send message'));
    cleanup();
    await waitFor(() => expect(callsTo(fetchSpy, 'deleteTemporaryFiles')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchSpy, 'deleteTemporaryFiles')[0]?.body))).toEqual({ file_ids: ['img-1'] });
  });

  it('offers no attaching on an endpoint whose files are disabled', async () => {
    renderComposer('/c/new', routes());
    await chooseModel('anthropic', 'claude-3-5-haiku-latest');
    await waitFor(() => expect(screen.getByRole('button', { name: 'This endpoint takes no files' })).toBeDisabled());
  });

  it("sends the image detail and the resend choice set in the conversation's parameters", async () => {
    const fetchSpy = renderComposer('/c/new', routes());
    await chooseModel('openAI', 'gpt-4o-mini');
    const panel = await openParameters();
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Image detail' }), 'low');
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Send files again/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await send('Hello');
    await waitFor(() => expect(callsTo(fetchSpy, 'askOpenAI')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askOpenAI')[0])).toMatchObject({ imageDetail: 'low', resendFiles: false });
  });
});
