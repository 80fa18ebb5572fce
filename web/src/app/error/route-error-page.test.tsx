import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new Error('Compass failed to render');
}

describe('route error page', () => {
  it('shows the message, the stack with a copy button, and offers the error log', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn(() => 'blob:log');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    // jsdom cannot follow a download link; the log's content is what matters here.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    renderRoutes([{ path: '/today', element: <Broken />, errorElement: <RouteErrorPage /> }], '/today');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Compass failed to render')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();

    await userEvent.click(screen.getByText('Stack trace'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy stack trace' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Compass failed to render'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download error log' }));
    expect(click).toHaveBeenCalled();
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    const log = JSON.parse(text);
    expect(log).toMatchObject({ error: { message: 'Compass failed to render' }, browser: { userAgent: navigator.userAgent, language: navigator.language } });
    expect(log.browser.windowSize).toEqual({ width: window.innerWidth, height: window.innerHeight });
  });
});
