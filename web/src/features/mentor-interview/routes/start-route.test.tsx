import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock.ts';
import { api, ok, profile, renderInterview, TOKEN } from '../test-kit.tsx';

describe('mentor interview welcome page', () => {
  it('greets the mentor by first name with the generated introduction, and “I’m ready” keeps the query string', async () => {
    mockFetch({ [`GET ${api()}`]: ok(profile()), [`POST ${api('/generate-intro')}`]: ok({ introduction: 'Grace, your work on compilers changed everything.', source: 'model' }) });
    renderInterview(`/mentor-interview/${TOKEN}/start?ref=email`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toHaveFocus();
    expect(await screen.findByText('Grace, your work on compilers changed everything.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "I'm ready" })).toHaveAttribute('href', `/mentor-interview/${TOKEN}/question/1?ref=email`);
    expect(screen.getByText(/Bookmark this page/)).toBeInTheDocument();
  });

  it('says “there” without a first name and falls back to the default introduction when generation fails', async () => {
    mockFetch({ [`GET ${api()}`]: ok(profile({ firstName: '' })), [`POST ${api('/generate-intro')}`]: () => json({ code: 'X', message: 'model down' }, 500) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByRole('heading', { name: 'Welcome, there' })).toBeInTheDocument();
    expect(await screen.findByText(/Over six questions we will ask about the moments that shaped your career/)).toBeInTheDocument();
  });

  it('offers to continue where the mentor left off', async () => {
    mockFetch({ [`GET ${api()}`]: ok(profile({ resumeStage: 3 })), [`POST ${api('/generate-intro')}`]: ok({ introduction: 'Hello again.', source: 'model' }) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', `/mentor-interview/${TOKEN}/question/3`);
  });

  it('refuses a token that is not 64 characters without calling the server', async () => {
    const fetchSpy = mockFetch({});
    renderInterview(`/mentor-interview/${TOKEN.slice(1)}/start`);
    expect(await screen.findByText('Invalid access link. Please check your invitation email for the correct link.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    [404, { code: 'NOT_FOUND', message: 'This link is no longer active.' }, 'This link is no longer active.'],
    [404, undefined, 'This interview link has expired or is no longer valid. Please contact MELD for a new invitation.'],
    [403, { code: 'FORBIDDEN', message: 'Your interview is already complete.' }, 'Your interview is already complete.'],
    [403, undefined, 'Access denied. This interview may have already been completed or the link has expired.'],
    [500, { code: 'INTERNAL', message: 'boom' }, 'Unable to access your interview (Error 500). Please try again or contact support.'],
  ])('shows the spec’s text for a %i', async (status, body, text) => {
    mockFetch({ [`GET ${api()}`]: () => json(body, status) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the invalid JSON and network texts', async () => {
    mockFetch({ [`GET ${api()}`]: () => new Response('<html>oops</html>', { status: 200 }) });
    const first = renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByText('Unable to load your interview. Please contact support if this issue persists.')).toBeInTheDocument();
    first.unmount();
    mockFetch({
      [`GET ${api()}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByText('Network error. Please check your internet connection and try again.')).toBeInTheDocument();
  });
});
