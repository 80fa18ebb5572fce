import type { Action } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi, when } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { testAgent } from '../test/agent-fixtures.ts';
import { ActionDialog, specDomain } from './action-dialog.tsx';

const spec = JSON.stringify({ openapi: '3.0.0', servers: [{ url: 'https://api.weather.example/v1' }], paths: {} });
const saved: Action = {
  action_id: 'action_weather12',
  agent_id: 'agent_tutor123',
  metadata: { domain: 'api.weather.example', raw_spec: spec, auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key', api_key_set: true }, tools: ['getForecast_action_api---weather---example'] },
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function renderDialog(action: Action | null) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({ saveAgentAction: when({ agentId: 'agent_tutor123' }, { agent: testAgent(), action: saved }) });
  const onSaved = vi.fn();
  renderAt(<ActionDialog agentId="agent_tutor123" action={action} open onOpenChange={() => {}} onSaved={onSaved} />);
  return { fetchSpy, onSaved };
}

describe('action dialog', () => {
  it('reads the domain from the document and sends a new API key masked as a bearer token', async () => {
    const { fetchSpy, onSaved } = renderDialog(null);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('OpenAPI document'));
    await user.paste(spec);
    await user.tab();
    expect(screen.getByLabelText('Domain')).toHaveValue('api.weather.example');
    await user.click(screen.getByRole('radio', { name: 'API key' }));
    const key = screen.getByLabelText('Key');
    expect(key).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Save action' })).toBeDisabled();
    await user.type(key, 'sk-secret');
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodyOf(callsTo(fetchSpy, 'saveAgentAction', { agentId: 'agent_tutor123' })[0])).toEqual({
      metadata: { domain: 'api.weather.example', raw_spec: spec, auth: { type: 'service_http', authorization_type: 'bearer', api_key: 'sk-secret' } },
    });
  });

  it('never shows a saved key back, and keeps it when the box is left empty', async () => {
    const { fetchSpy } = renderDialog(saved);
    const user = userEvent.setup();
    const key = screen.getByLabelText('Key');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', 'Saved (hidden)');
    expect(screen.getByLabelText('Header name')).toHaveValue('X-Api-Key');
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'saveAgentAction', { agentId: 'agent_tutor123' })).toHaveLength(1));
    const body = bodyOf(callsTo(fetchSpy, 'saveAgentAction', { agentId: 'agent_tutor123' })[0]);
    expect(body).toMatchObject({ action_id: 'action_weather12', metadata: { auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' } } });
    expect(JSON.stringify(body)).not.toContain('api_key"');
  });

  it('saves OAuth with its client secret masked, and keeps a saved secret when left empty', async () => {
    const oauth: Action = { ...saved, metadata: { ...saved.metadata, auth: { type: 'oauth', authorization_url: 'https://auth.example/authorize', client_url: 'https://auth.example/token', oauth_client_id: 'meld', oauth_client_secret_set: true } } };
    const { fetchSpy } = renderDialog(oauth);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'OAuth' })).toBeChecked();
    const secret = screen.getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    await user.type(screen.getByLabelText('Scope'), 'read');
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'saveAgentAction', { agentId: 'agent_tutor123' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'saveAgentAction', { agentId: 'agent_tutor123' })[0]).metadata).toMatchObject({
      auth: { type: 'oauth', authorization_url: 'https://auth.example/authorize', client_url: 'https://auth.example/token', oauth_client_id: 'meld', scope: 'read' },
    });
    expect(JSON.stringify(bodyOf(callsTo(fetchSpy, 'saveAgentAction', { agentId: 'agent_tutor123' })[0]))).not.toContain('oauth_client_secret');
  });

  it('finds the server host in YAML too', () => {
    expect(specDomain('openapi: 3.0.0\nservers:\n  - url: https://api.example.com/v2\npaths: {}')).toBe('api.example.com');
    expect(specDomain('not a spec')).toBe('');
  });
});
