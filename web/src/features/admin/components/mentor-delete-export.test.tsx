import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, raw, when } from '@/test/mock-api.ts';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { answer, mentor, mockAdmin, renderMe, sampleMentors } from '../test/admin-test-kit.tsx';

async function rowOf(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  return header.closest('tr') as HTMLElement;
}

function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

describe('deleting a mentor', () => {
  it('asks first, saying the answers and recordings go too, then removes the row', async () => {
    let list = sampleMentors;
    const fetchSpy = mockAdmin({
      listMentorInterest: () => list,
      deleteMentorInterest: when({ id: 'm2' }, () => {
        list = list.filter((row) => row._id !== 'm2');
        return { ok: true };
      }),
    });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await user.click(within(await rowOf('Bruno Silva')).getByRole('button', { name: 'Delete the mentor sign-up of Bruno Silva' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this mentor?' });
    expect(dialog).toHaveTextContent('interview answers and recordings');
    expect(callsTo(fetchSpy, 'deleteMentorInterest', { id: 'm2' })).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete mentor' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Bruno Silva' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, 'deleteMentorInterest', { id: 'm2' })).toHaveLength(1);
    expect(screen.getByText('3 mentors')).toBeInTheDocument();
  });

  it('keeps the mentor and does nothing when the admin cancels', async () => {
    const fetchSpy = mockAdmin();
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await user.click(within(await rowOf('Amara Okafor')).getByRole('button', { name: 'Delete the mentor sign-up of Amara Okafor' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Amara Okafor' })).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('alerts and keeps the row when the server refuses', async () => {
    mockAdmin({ deleteMentorInterest: when({ id: 'm1' }, () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' })) });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await user.click(within(await rowOf('Amara Okafor')).getByRole('button', { name: 'Delete the mentor sign-up of Amara Okafor' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete mentor' }));
    expect(await screen.findByText('Failed to delete mentor interest submission')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Amara Okafor' })).toBeInTheDocument();
  });
});

describe('the mentor CSV exports', () => {
  it('exports the mentor table with its extra columns, arrays joined with commas and commas quoted', async () => {
    const downloads = captureDownloads();
    // Beyond today's schema on purpose (raw skips its check): the export keeps any field a later API adds, never a secret one.
    const eve = { ...mentor({ _id: 'm9', firstName: 'Eve', company: 'Acme, Inc.', accessTokenPrefix: 'Ab3dE5gH', answeredStages: 3 }), expertiseAreas: ['Hiring', 'Scaling'], accessToken: 'secret', __v: 0 };
    mockAdmin({ listMentorInterest: raw(Response.json([eve])) });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await rowOf('Eve Okafor');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const lines = (await downloads.text()).split('\r\n');
    expect(downloads.names).toEqual([`mentor-signups-${today()}.csv`]);
    expect(lines[0]).toBe(
      'Name,Email,Status,Link token (first 8 characters),Answered,Job title,Company,Industry,Career stage,Created,Updated,Link created,Completed,Expertise areas',
    );
    expect(lines[1]).toBe(
      'Eve Okafor,m9@example.com,pending,Ab3dE5gH,3/6,Engineering Manager,"Acme, Inc.",Technology,Mid-career (5-15 years),2026-11-02T09:00:00.000Z,2026-11-02T09:00:00.000Z,,,"Hiring, Scaling"',
    );
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('exports every answer with its mentor, question, preamble and dates, quotes and line breaks kept', async () => {
    const downloads = captureDownloads();
    mockAdmin({
      listMentorAnswers: () => [answer(1, { response_text: 'I said "yes",\nthen learned.', updatedAt: '2026-11-06T09:00:00.000Z' }), answer(2)],
    });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=interviewAnswers');
    await screen.findByRole('region', { name: 'Interview answers' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const text = await downloads.text();
    expect(downloads.names).toEqual([`interview-answers-${today()}.csv`]);
    expect(text).toBe(
      [
        'Mentor name,Email,Job title,Company,Stage,Question,Preamble,Answer,Status,Created,Updated',
        'Chen Wei,m3@example.com,Engineering Manager,Northwind,1,What shaped you at step 1?,Preamble 1.,"I said ""yes"",\nthen learned.",submitted,2026-11-05T10:00:00.000Z,2026-11-06T09:00:00.000Z',
        'Chen Wei,m3@example.com,Engineering Manager,Northwind,2,What shaped you at step 2?,Preamble 2.,Answer number 2.,submitted,2026-11-05T10:00:00.000Z,2026-11-05T12:00:00.000Z',
        '',
      ].join('\r\n'),
    );
  });
});
