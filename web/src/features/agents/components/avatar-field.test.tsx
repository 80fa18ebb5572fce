import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi, when } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { testAgent } from '../test/agent-fixtures.ts';
import { AvatarField } from './avatar-field.tsx';


function renderField(agentId: string | null) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({ uploadAgentAvatar: when({ id: 'agent_tutor123' }, testAgent({ avatar: '/images/agents/abc.png' })) });
  renderAt(<AvatarField agentId={agentId} name="Maths tutor" avatar={null} />);
  return fetchSpy;
}

describe('agent picture', () => {
  it('uploads a PNG as the multipart file of the agent avatar route', async () => {
    const fetchSpy = renderField('agent_tutor123');
    await userEvent.upload(screen.getByLabelText('Agent picture'), new File(['png'], 'face.png', { type: 'image/png' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'uploadAgentAvatar', { id: 'agent_tutor123' })).toHaveLength(1));
    const form = callsTo(fetchSpy, 'uploadAgentAvatar', { id: 'agent_tutor123' })[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('face.png');
  });

  it('refuses a picture that is not PNG or JPEG, or larger than 2 MB, without uploading', async () => {
    const fetchSpy = renderField('agent_tutor123');
    const input = screen.getByLabelText('Agent picture');
    await userEvent.upload(input, new File(['gif'], 'face.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('face.gif is not a PNG or JPEG picture.');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/must be at most 2 MB/);
    expect(callsTo(fetchSpy, 'uploadAgentAvatar', { id: 'agent_tutor123' })).toHaveLength(0);
  });

  it('waits for the agent to be saved first', () => {
    renderField(null);
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeDisabled();
    expect(screen.getByText('Save the agent to give it a picture.')).toBeInTheDocument();
  });
});
