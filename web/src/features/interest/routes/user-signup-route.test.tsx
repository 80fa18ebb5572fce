import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiMocks, callsTo, fail, mockApi, reply, when } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { Component as UserSignupPage } from './user-signup-route.tsx';

const NEWSLETTER_URL = 'https://newsletter.example.com/embed';
const SIGNUP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const submit = () => screen.getByRole('button', { name: 'Submit' });
const situation = () => screen.getByRole('combobox', { name: /^What best describes you/ });

function withConfig(routes: ApiMocks = {}, newsletterUrl: string | null = NEWSLETTER_URL) {
  const config = testConfig();
  return mockApi({
    getConfig: { ...config, interface: { ...config.interface, ...(newsletterUrl ? { newsletterUrl } : {}) } },
    ...routes,
  });
}

async function fillStudent(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'Ada@Example.com');
  await user.selectOptions(situation(), 'In college');
  await user.type(screen.getByLabelText(/^School/), 'University of London');
  await user.type(screen.getByLabelText(/^Graduation year/), '2027');
  await user.click(screen.getByRole('checkbox', { name: 'I would be open to mentoring other students' }));
  await user.type(screen.getByLabelText(/^What do you want to get out of MELD/), 'A mentor');
  await user.selectOptions(screen.getByRole('combobox', { name: /^How did you hear about MELD/ }), 'Substack');
}

// Filling a whole form keystroke by keystroke takes seconds in jsdom on a busy machine.
describe('user sign-up page', { timeout: 20_000 }, () => {
  it('asks for motivation only once a situation is chosen, and each situation’s own questions', async () => {
    withConfig();
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    expect(screen.queryByLabelText(/^What do you want to get out of MELD/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^School/)).not.toBeInTheDocument();

    await user.selectOptions(situation(), 'In college');
    expect(screen.getByLabelText(/^What do you want to get out of MELD/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^School/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^What are you studying/)).toBeInTheDocument();

    await user.selectOptions(situation(), 'Currently working');
    expect(screen.queryByLabelText(/^School/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Job title/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^City you work in/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I would be open to mentoring others' })).toBeInTheDocument();

    await user.selectOptions(situation(), 'Recently graduated / job searching');
    expect(screen.getByLabelText(/^What did you study/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Are you actively applying/ })).toBeInTheDocument();

    await user.selectOptions(situation(), 'Taking a break');
    expect(screen.getByLabelText(/^What are you focusing on/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^City you live in/)).toBeInTheDocument();
  });

  it('asks where the visitor heard of MELD in their own words only when they choose Other', async () => {
    withConfig();
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    const source = screen.getByRole('combobox', { name: /^How did you hear about MELD/ });
    await user.selectOptions(source, 'TikTok');
    expect(screen.queryByLabelText(/^Tell us where/)).not.toBeInTheDocument();
    await user.selectOptions(source, 'Other');
    expect(screen.getByLabelText(/^Tell us where/)).toBeInTheDocument();
  });

  it('shows every required message on an empty submit, then the situation rule once the rest is filled', async () => {
    const fetchSpy = withConfig();
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    await user.click(submit());
    for (const message of ['Name is required', 'Invalid email address', 'Please select what best describes you', 'Please tell us how you heard about MELD']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.selectOptions(situation(), 'Currently working');
    expect(screen.getByText('Please tell us what you want to get out of MELD')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields for your situation')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Job title/), 'Analyst');
    expect(screen.queryByText('Please fill in all required fields for your situation')).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, 'submitUserInterest')).toHaveLength(0);
  });

  it('submits only the chosen situation’s answers, then confirms the newsletter in the frame and welcomes the visitor', async () => {
    const fetchSpy = withConfig({
      submitUserInterest: reply({ _id: SIGNUP_ID }, 201),
      confirmNewsletterSignup: when({ id: SIGNUP_ID }, { ok: true }),
    });
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    await fillStudent(user);
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'You are on the list' })).toHaveFocus();
    expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchSpy, 'submitUserInterest')[0]!.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      currentSituation: 'In college',
      currentSchool: 'University of London',
      graduationYear: '2027',
      openToStudentMentorship: true,
      referralSource: 'Substack',
      motivation: 'A mentor',
    });
    expect(await screen.findByTitle('Newsletter sign-up')).toHaveAttribute('src', NEWSLETTER_URL);

    await user.click(screen.getByRole('button', { name: 'I have signed up' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Meld' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'confirmNewsletterSignup', { id: SIGNUP_ID })).toHaveLength(1);
  });

  it('still welcomes the visitor when confirming fails', async () => {
    withConfig({
      submitUserInterest: reply({ _id: SIGNUP_ID }, 201),
      confirmNewsletterSignup: when({ id: SIGNUP_ID }, fail(500, { code: 'INTERNAL_ERROR', message: 'down' })),
    });
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    await fillStudent(user);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'I have signed up' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Meld' })).toBeInTheDocument();
  });

  it('welcomes the visitor at once, with no newsletter step to confirm, when no newsletter is configured', async () => {
    const fetchSpy = withConfig({ submitUserInterest: reply({ _id: SIGNUP_ID }, 201) }, null);
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    await fillStudent(user);
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Welcome to Meld' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are on the list' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Newsletter sign-up')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have signed up' })).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('keeps the answers and re-enables Submit after a failed submission', async () => {
    withConfig({ submitUserInterest: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const user = userEvent.setup();
    renderAt(<UserSignupPage />, '/users/signup');
    await fillStudent(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error submitting your form. Please try again.');
    expect(submit()).toBeEnabled();
    expect(screen.getByLabelText(/^School/)).toHaveValue('University of London');
  });
});
