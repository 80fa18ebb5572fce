import type { Message } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/lib/toast.ts';
import { fail, mockApi, raw, when } from '@/test/mock-api.ts';
import { renderAt } from '@/test/render.tsx';
import { MessageAttachments } from './message-attachments.tsx';

afterEach(() => vi.unstubAllGlobals());

const files: NonNullable<Message['files']> = [
  { file_id: 'img', filename: 'chart.png', filepath: '/api/files/download/u1/img', type: 'image/png', bytes: 2048, width: 600, height: 400 },
  { file_id: 'doc', filename: 'report.pdf', filepath: '/api/files/download/u1/doc', type: 'application/pdf', bytes: 5 * 1024 * 1024 },
  { file_id: 'old', filename: 'render.png', filepath: '/api/files/download/u1/old', type: 'image/png', bytes: 10, expiresAt: '2020-01-01T00:00:00.000Z' },
];

describe('message attachments', () => {
  it('shows an image as a thumbnail that opens full size, a document as a chip, and an expired file as the expired notice', async () => {
    vi.stubGlobal('URL', class extends URL {
      static override createObjectURL = () => 'blob:chart';
      static override revokeObjectURL = () => undefined;
    });
    mockApi({ downloadFile: when({ userId: 'u1', fileId: 'img' }, raw(new Response(new Blob(['png']), { status: 200 }))) });
    renderAt(<MessageAttachments files={files} />);
    const open = await screen.findByRole('button', { name: 'Open chart.png full size' });
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    expect(await screen.findByRole('dialog', { name: 'chart.png' })).toBeInTheDocument();
    expect(screen.getByText(/5 MB/)).toBeInTheDocument();
    expect(screen.getByText(/This file has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download render.png' })).not.toBeInTheDocument();
  });

  it('says "Error downloading file" when a download fails', async () => {
    mockApi({ downloadFile: [when({ userId: 'u1', fileId: 'img' }, fail(404, { code: 'NOT_FOUND', message: 'File not found.' })), when({ userId: 'u1', fileId: 'doc' }, fail(404, { code: 'NOT_FOUND', message: 'File not found.' }))], });
    renderAt(<MessageAttachments files={files.slice(0, 2)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Error downloading file'));
    // An image that cannot be fetched falls back to its chip.
    expect(await screen.findByRole('button', { name: 'Download chart.png' })).toBeInTheDocument();
  });
});
