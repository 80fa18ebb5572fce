import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { convoKeys } from '@/lib/convo-keys.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
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
    mockApi({ importConvos: fail(413, { code: 'PAYLOAD_TOO_LARGE', message: 'File too large' }) });
    renderDataTab();
    await userEvent.upload(screen.getByTestId('import-file'), exportFile());
    expect(await screen.findByText('There was an error importing your conversations.')).toBeInTheDocument();
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
