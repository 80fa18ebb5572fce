import { IMPORT_LIMITS } from '@meld/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { convoKeys } from '@/lib/convo-keys.ts';
import { callsTo, fail, mockApi, raw } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt } from '../test/settings-test-kit.tsx';

const exportFile = (name = 'conversations.json') => new File(['[{"title":"Hello","mapping":{}}]'], name, { type: 'application/json' });

clearToastsAfterEach();

function renderDataTab() {
  const utils = renderSettingsAt('data');
  utils.queryClient.setQueryData(convoKeys.list({}), { pages: [], pageParams: [] });
  return utils;
}

describe('import conversations', () => {
  it('uploads the file as multipart field "file", says how many arrived and refreshes the lists', async () => {
    const fetchSpy = mockApi({ importConvos: { message: 'Imported 3 conversations', imported: 3, failed: 0 } });
    const { queryClient } = renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());

    expect(await screen.findByText('Imported 3 conversations.')).toBeInTheDocument();
    const [request] = callsTo(fetchSpy, 'importConvos');
    const form = request?.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect((form.get('file') as File).name).toBe('conversations.json');
    expect(new Headers(request?.headers).get('content-type')).toBeNull();
    expect(queryClient.getQueryState(convoKeys.list({}))?.isInvalidated).toBe(true);
  });

  it('warns about conversations that could not be read', async () => {
    mockApi({ importConvos: { message: 'Imported 1 conversation', imported: 1, failed: 2 } });
    renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());
    expect(await screen.findByText('Imported 1 conversation.')).toBeInTheDocument();
    expect(screen.getByText('2 conversations could not be read and were skipped.')).toBeInTheDocument();
  });

  it('shows the file-type error when the server does not recognise the export', async () => {
    mockApi({ importConvos: fail(400, { code: 'VALIDATION_ERROR', message: 'Unsupported import type' }) });
    renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());
    expect(await screen.findByText('Unsupported file type. Choose a ChatGPT or LibreChat .json export.')).toBeInTheDocument();
  });

  it('shows the import error for any other failure', async () => {
    mockApi({ importConvos: fail(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' }) });
    renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());
    expect(await screen.findByText('There was an error importing your conversations.')).toBeInTheDocument();
  });

  it('says which bound a refused file met, as the server names it', async () => {
    const reason = 'The conversation “Many branches” has 60,001 messages; an import takes at most 10,000 messages per conversation.';
    mockApi({ importConvos: fail(413, { code: 'PAYLOAD_TOO_LARGE', message: reason }) });
    renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());
    expect(await screen.findByText(`${reason} Nothing was imported.`)).toBeInTheDocument();
  });

  it('names the size limit when the gateway refuses the upload with its own 413', async () => {
    // API Gateway's own answer: no function ran, so no code of ours.
    mockApi({ importConvos: raw(new Response(JSON.stringify({ message: 'Request Entity Too Large' }), { status: 413, headers: { 'content-type': 'application/json' } })) });
    renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());
    expect(await screen.findByText('This file is larger than 4 MB, the most one import takes. Nothing was imported.')).toBeInTheDocument();
  });

  it('shows the size limit and refuses a larger file without uploading it', async () => {
    const fetchSpy = mockApi({});
    renderDataTab();
    expect(screen.getByText('A ChatGPT, Claude, Chatbot UI or LibreChat export, as a .json file of up to 4 MB.')).toBeInTheDocument();
    const big = exportFile();
    Object.defineProperty(big, 'size', { value: IMPORT_LIMITS.maxBytes + 1 });
    await userEvent.upload(screen.getByTestId('import-file'), big);
    expect(await screen.findByText('This file is larger than 4 MB, the most one import takes. Nothing was imported.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a file that is not .json without uploading it', async () => {
    const fetchSpy = mockApi({});
    renderDataTab();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('import-file'), new File(['a,b'], 'chats.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Unsupported file type. Choose a ChatGPT or LibreChat .json export.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
