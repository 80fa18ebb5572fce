import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, when } from '@/test/mock-api.ts';
import { renderRoutes } from '@/test/render.tsx';
import { testConvo } from '../test/chat-fixtures.tsx';
import { HeaderDate } from './header-date.tsx';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/c/:conversationId', element: <HeaderDate /> },
      { path: '/today', element: <HeaderDate /> },
    ],
    path,
  );
}

describe('the phone header date', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 12, 9, 30));
  });
  afterEach(() => vi.useRealTimers());

  it("shows today's date on a new chat and on pages that are not a conversation", () => {
    renderAt('/c/new');
    expect(screen.getByText('March 12, 2025')).toBeInTheDocument();
  });

  it("shows today's date outside a conversation", () => {
    renderAt('/today');
    expect(screen.getByText('March 12, 2025')).toBeInTheDocument();
  });

  it('shows the date the open conversation was started, not today', async () => {
    mockApi({ getConvo: when({ conversationId: 'c1' }, testConvo('c1', { createdAt: new Date(2024, 1, 3, 15, 0).toISOString() })) });
    renderAt('/c/c1');
    expect(await screen.findByText('February 3, 2024')).toBeInTheDocument();
    expect(screen.queryByText('March 12, 2025')).not.toBeInTheDocument();
  });
});
