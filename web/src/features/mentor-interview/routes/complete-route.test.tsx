import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@meld/shared';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fail, held, mockApi, raw, when } from '@/test/mock-api.ts';
import { interview, renderInterview, TOKEN } from '../test-kit.tsx';

const page = `/mentor-interview/${TOKEN}/complete`;

describe('mentor interview complete page', { timeout: 20_000 }, () => {
  it('shows the insights kept in local storage without asking the server, as paragraphs with the mentor’s words set apart', async () => {
    window.localStorage.setItem(STORAGE_KEYS.mentorInsights, JSON.stringify({ insights: 'You lead by listening.\n\nIn your words, “the team knew before I did”.' }));
    const fetchSpy = mockApi({});
    renderInterview(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toHaveFocus();
    expect(screen.getByText('You lead by listening.').tagName).toBe('P');
    expect(screen.getByText('“the team knew before I did”').tagName).toBe('Q');
    expect(screen.getByText(/Thank you for giving your time and your stories/)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks the server when nothing is stored, showing a loading state first', async () => {
    const insights = held<'generateMentorInsights'>();
    const fetchSpy = mockApi({ generateMentorInsights: when(interview(), insights.handler) });
    renderInterview(page);
    expect(await screen.findByRole('status')).toHaveTextContent('Gathering the insights from your interview…');
    insights.answer({ insights: 'Stored insights.', source: 'summary' });
    expect(await screen.findByText('Stored insights.')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'generateMentorInsights', interview())).toHaveLength(1);
  });

  it.each([
    [404, undefined, 'This interview link has expired or is no longer valid. Please contact MELD for assistance.'],
    [403, { code: 'FORBIDDEN', message: 'Access denied by the server.' }, 'Access denied by the server.'],
    [500, undefined, 'Unable to load your interview summary (Error 500). Please try again or contact support.'],
  ] as const)('shows the spec’s text for a %i, with Try Again reloading the page', async (status, body, text) => {
    // Without a body: what a gateway in front answers, not the route (raw skips the error shape).
    mockApi({ generateMentorInsights: when(interview(), () => (body ? fail(status, body) : raw(new Response(null, { status })))) });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();
    renderInterview(page);
    expect(await screen.findByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('says the summary could not be loaded when the reply is not JSON', async () => {
    mockApi({ generateMentorInsights: when(interview(), () => raw(new Response('<html>gateway</html>', { status: 200 }))) });
    renderInterview(page);
    expect(await screen.findByText('Unable to load your interview summary. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('refuses a missing or malformed token', async () => {
    const fetchSpy = mockApi({});
    renderInterview('/mentor-interview/short/complete');
    expect(await screen.findByText('Invalid access token. Please complete the interview properly.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
