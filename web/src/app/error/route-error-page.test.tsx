import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import type { ErrorLog } from '@/lib/error-log.ts';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { renderRoutes } from '@/test/render.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new Error('Compass failed to render');
}

function FailedCall(): never {
  throw new ApiError(503, { code: 'INTERNAL_ERROR', message: 'The coach is resting' }, 'Service Unavailable');
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('route error page', () => {
  it('shows the message, a refresh button and the note to contact the Admin', () => {
    renderRoutes([{ path: '/today', element: <Broken />, errorElement: <RouteErrorPage /> }], '/today');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Compass failed to render')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
    expect(screen.getByText(/please contact the Admin/)).toBeInTheDocument();
  });

  it('copies the stack trace and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes([{ path: '/today', element: <Broken />, errorElement: <RouteErrorPage /> }], '/today');
    await userEvent.click(screen.getByText('Stack trace'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy stack trace' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Compass failed to render'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it("shows a failed call's status and its details", async () => {
    renderRoutes([{ path: '/today', element: <FailedCall />, errorElement: <RouteErrorPage /> }], '/today');
    expect(screen.getByText('The coach is resting')).toBeInTheDocument();
    expect(screen.getByText('Status 503')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Details'));
    expect(screen.getByText(/"code": "INTERNAL_ERROR"/)).toBeVisible();
  });

  it('downloads error-log-<timestamp>.json with the time, the browser facts and the error', async () => {
    const downloads = captureDownloads();
    renderRoutes([{ path: '/today', element: <FailedCall />, errorElement: <RouteErrorPage /> }], '/today');
    await userEvent.click(screen.getByRole('button', { name: 'Download error log' }));
    const log = JSON.parse(await downloads.text()) as ErrorLog;
    expect(downloads.names[0]).toMatch(/^error-log-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
    expect(Date.parse(log.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(log.error).toMatchObject({ message: 'The coach is resting', status: 503, details: { code: 'INTERNAL_ERROR' } });
    expect(log.error.stack).toEqual(expect.any(String));
    expect(log.browser).toEqual({
      userAgent: navigator.userAgent,
      platform: navigator.platform,
      platformVersion: expect.any(String),
      language: navigator.language,
      windowSize: { width: window.innerWidth, height: window.innerHeight },
    });
  });

  it("takes the platform and its version from the browser's client hints when it has them", async () => {
    const getHighEntropyValues = vi.fn().mockResolvedValue({ platformVersion: '15.1.0' });
    Object.defineProperty(navigator, 'userAgentData', { value: { platform: 'macOS', getHighEntropyValues }, configurable: true });
    try {
      const downloads = captureDownloads();
      renderRoutes([{ path: '/today', element: <Broken />, errorElement: <RouteErrorPage /> }], '/today');
      await userEvent.click(screen.getByRole('button', { name: 'Download error log' }));
      const log = JSON.parse(await downloads.text()) as ErrorLog;
      expect(getHighEntropyValues).toHaveBeenCalledWith(['platformVersion']);
      expect(log.browser).toMatchObject({ platform: 'macOS', platformVersion: '15.1.0' });
    } finally {
      Reflect.deleteProperty(navigator, 'userAgentData');
    }
  });
});
