import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi, raw, when } from '@/test/mock-api.ts';
import { interview, profile, renderInterview, TOKEN } from '../test-kit.tsx';

describe('mentor interview welcome page', () => {
  it('greets the mentor by first name with the generated introduction, and “I’m ready” keeps the query string', async () => {
    mockApi({ getMentorInterview: when(interview(), profile()), generateMentorIntro: when(interview(), { introduction: 'Grace, your work on compilers changed everything.', source: 'model' }) });
    renderInterview(`/mentor-interview/${TOKEN}/start?ref=email`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toHaveFocus();
    expect(await screen.findByText('Grace, your work on compilers changed everything.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "I'm ready" })).toHaveAttribute('href', `/mentor-interview/${TOKEN}/question/1?ref=email`);
    expect(screen.getByText(/Bookmark this page/)).toBeInTheDocument();
  });

  it('says “there” without a first name and falls back to the default introduction when generation fails', async () => {
    mockApi({ getMentorInterview: when(interview(), profile({ firstName: '' })), generateMentorIntro: when(interview(), () => fail(500, { code: 'INTERNAL_ERROR', message: 'model down' })) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByRole('heading', { name: 'Welcome, there' })).toBeInTheDocument();
    expect(await screen.findByText(/Over six questions we will ask about the moments that shaped your career/)).toBeInTheDocument();
    expect(screen.getByText(/Answer out loud or in writing/)).toBeInTheDocument();
  });

  it('does not offer voice answers in the default introduction when the server cannot transcribe them', async () => {
    mockApi({ getMentorInterview: when(interview(), profile({ transcriptionAvailable: false })), generateMentorIntro: when(interview(), () => fail(500, { code: 'INTERNAL_ERROR', message: 'model down' })) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    const intro = await screen.findByText(/Over six questions we will ask about the moments that shaped your career/);
    expect(intro).toHaveTextContent('Write each answer in your own words.');
    expect(intro.textContent).not.toMatch(/out loud|voice|record/i);
  });

  it('offers to continue where the mentor left off', async () => {
    mockApi({ getMentorInterview: when(interview(), profile({ resumeStage: 3 })), generateMentorIntro: when(interview(), { introduction: 'Hello again.', source: 'model' }) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', `/mentor-interview/${TOKEN}/question/3`);
  });

  it('thanks a mentor who comes back after submitting, with their summary, instead of the welcome or "Access denied"', async () => {
    const spy = mockApi({
      getMentorInterview: when(interview(), profile({ resumeStage: 7, completed: true })),
      generateMentorInsights: when(interview(), { insights: 'Your career is a story of building tools for others.', source: 'summary' }),
      getMentorResponse: () => fail(403, { code: 'FORBIDDEN', message: 'This interview is closed.' }),
    });
    for (const path of [`/mentor-interview/${TOKEN}/start`, `/mentor-interview/${TOKEN}/question/2`]) {
      const { unmount } = renderInterview(path);
      expect(await screen.findByText('Your career is a story of building tools for others.')).toBeInTheDocument();
      expect(screen.queryByText(/Access denied|closed/)).not.toBeInTheDocument();
      unmount();
    }
    expect(callsTo(spy, 'generateMentorIntro')).toHaveLength(0);
  });

  it('refuses a token that is not 64 characters without calling the server', async () => {
    const fetchSpy = mockApi({});
    renderInterview(`/mentor-interview/${TOKEN.slice(1)}/start`);
    expect(await screen.findByText('Invalid access link. Please check your invitation email for the correct link.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    [404, { code: 'NOT_FOUND', message: 'This link is no longer active.' }, 'This link is no longer active.'],
    [404, undefined, 'This interview link has expired or is no longer valid. Please contact MELD for a new invitation.'],
    [403, { code: 'FORBIDDEN', message: 'Your interview is already complete.' }, 'Your interview is already complete.'],
    [403, undefined, 'Access denied. This interview may have already been completed or the link has expired.'],
    [500, { code: 'INTERNAL_ERROR', message: 'boom' }, 'Unable to access your interview (Error 500). Please try again or contact support.'],
  ] as const)('shows the spec’s text for a %i', async (status, body, text) => {
    // Without a body: what a gateway in front answers, not the route (raw skips the error shape).
    mockApi({ getMentorInterview: when(interview(), () => (body ? fail(status, body) : raw(new Response(null, { status })))) });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the invalid JSON and network texts', async () => {
    mockApi({ getMentorInterview: when(interview(), () => raw(new Response('<html>oops</html>', { status: 200 }))) });
    const first = renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByText('Unable to load your interview. Please contact support if this issue persists.')).toBeInTheDocument();
    first.unmount();
    mockApi({
      getMentorInterview: when(interview(), () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    renderInterview(`/mentor-interview/${TOKEN}/start`);
    expect(await screen.findByText('Network error. Please check your internet connection and try again.')).toBeInTheDocument();
  });
});
