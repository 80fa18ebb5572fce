import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, held, mockApi, reply } from '@/test/mock-api.ts';
import { renderAt } from '@/test/render.tsx';
import { Component as MentorSignupPage } from './mentor-signup-route.tsx';

const submit = () => screen.getByRole('button', { name: 'Submit' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Grace');
  await user.type(screen.getByLabelText(/^Email/), '  Grace@Navy.MIL ');
  await user.type(screen.getByLabelText(/^Job title/), 'Rear Admiral');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('mentor sign-up page', { timeout: 20_000 }, () => {
  it('shows the spec’s messages on an empty submit and sends nothing', async () => {
    const fetchSpy = mockApi({});
    const user = userEvent.setup();
    renderAt(<MentorSignupPage />, '/mentors/signup');
    await user.click(submit());
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Job title is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('validates a field once it is left, and clears the message as it is fixed', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderAt(<MentorSignupPage />, '/mentors/signup');
    await user.type(screen.getByLabelText(/^Email/), 'grace@');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'navy.mil');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it('searches the 26 industries as you type and offers the 7 career stages in a plain list', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderAt(<MentorSignupPage />, '/mentors/signup');
    const industry = screen.getByRole('combobox', { name: /^Industry/ });
    await user.click(industry);
    const list = screen.getByRole('listbox', { name: 'Industry options' });
    const all = within(list).getAllByRole('option');
    expect(all).toHaveLength(26);
    expect(all[0]).toHaveTextContent('Consulting & Professional Services');
    expect(all.at(-2)).toHaveTextContent('Technology');
    expect(all.at(-1)).toHaveTextContent('Other');
    await user.type(industry, 'media');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Media & Journalism']);
    await user.keyboard('{Enter}');
    expect(industry).toHaveValue('Media & Journalism');
    expect(list).not.toBeVisible();

    const stage = screen.getByRole('combobox', { name: /^Career stage/ });
    expect(within(stage).getAllByRole('option').slice(1).map((option) => option.textContent)).toEqual([
      'Student',
      'Recent Graduate',
      'Early-career (0-5 years)',
      'Mid-career (5-15 years)',
      'Senior-career (15+ years)',
      'Career Change / Transition',
      'Retired',
    ]);
  });

  it('submits the trimmed, lower-cased e-mail and thanks the mentor by it; the link copies with “Copied” for two seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchSpy = mockApi({ submitMentorInterest: reply({ ok: true, _id: 'm-1' }, 201) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt(<MentorSignupPage />, '/mentors/signup');
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Career stage/ }), 'Retired');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Thank you for signing up' })).toHaveFocus();
    expect(screen.getByText(/grace@navy\.mil/)).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchSpy, 'submitMentorInterest')[0]!.body))).toEqual({
      firstName: 'Grace',
      email: 'grace@navy.mil',
      jobTitle: 'Rear Admiral',
      careerStage: 'Retired',
    });

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/mentors/signup`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('holds the button in a submitting state until the server answers', async () => {
    const answer = held<'submitMentorInterest'>();
    mockApi({ submitMentorInterest: answer.handler });
    const user = userEvent.setup();
    renderAt(<MentorSignupPage />, '/mentors/signup');
    await fillRequired(user);
    await user.click(submit());
    const pending = await screen.findByRole('button', { name: 'Submitting…' });
    expect(pending).toBeDisabled();
    answer.answer(reply({ ok: true, _id: 'm-1' }, 201));
    expect(await screen.findByRole('heading', { name: 'Thank you for signing up' })).toBeInTheDocument();
  });

  it('shows the error banner when the server fails and lets the visitor try again', async () => {
    mockApi({ submitMentorInterest: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const user = userEvent.setup();
    renderAt(<MentorSignupPage />, '/mentors/signup');
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error submitting your form. Please try again.');
    expect(submit()).toBeEnabled();
  });

  it('says so when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const user = userEvent.setup();
    renderAt(<MentorSignupPage />, '/mentors/signup');
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your internet connection and try again.');
    expect(submit()).toBeEnabled();
  });
});
