import { describe, expect, it } from 'vitest';
import { builderEndpoints, builderModels, testAgent } from '../test/agent-fixtures.ts';
import { agentBody, agentProviders, draftFieldOf, draftOf } from './agent-draft.ts';

describe('agent draft', () => {
  it('offers only configured providers that call tools, never the offline demo', () => {
    expect(agentProviders(builderEndpoints, builderModels).map((provider) => provider.name)).toEqual(['openAI']);
  });

  it('saves at most four non-blank starters, and collaboration only when shared', () => {
    const draft = { ...draftOf(testAgent()), conversation_starters: ['One', ' ', 'Two', 'Three', 'Four', 'Five'], isCollaborative: true, shared: false };
    const body = agentBody(draft, true);
    expect(body.conversation_starters).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(body).toMatchObject({ isCollaborative: false, projectIds: [] });
  });

  it('reads the server’s field names onto the builder’s fields', () => {
    expect(draftFieldOf('conversation_starters.2')).toBe('conversation_starters');
    expect(draftFieldOf('provider')).toBe('model');
    expect(draftFieldOf('projectIds')).toBe('shared');
    expect(draftFieldOf('something')).toBeNull();
  });
});
