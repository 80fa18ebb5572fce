import { DEFAULT_USER_SETTINGS, type PromptGroup, type UserSettings } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { roleInfo } from '@/test/roles.ts';
import { group, renderPrompts, version } from '../test/prompts-test-kit.tsx';

const page = (names: string[], nextCursor: string | null) => ({ promptGroups: names.map((name, index) => group({ groupId: `${name}-${index}`, name })), nextCursor });

describe('the prompts page', () => {
  it('pages through the list with the page size setting, and searches by name', async () => {
    const { fetchSpy } = renderPrompts('/prompts', {
      listPromptGroups: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        if (query.get('name') === 'trip') return page(['Trip planner'], null);
        return query.get('cursor') === '10' ? page(['Eleventh'], null) : page(['First', 'Second'], '10');
      },
    });
    expect(await screen.findByRole('link', { name: /First/ })).toHaveAttribute('href', '/prompts/First-0');
    expect(new URL(String(fetchSpy.mock.calls.find(([url]) => String(url).includes('/api/prompts/groups'))![0]), 'http://localhost').searchParams.get('pageSize')).toBe('10');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: /Eleventh/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: /Second/ })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'trip');
    expect(await screen.findByRole('link', { name: /Trip planner/ })).toBeInTheDocument();
  });

  it('saves a new page size as the user setting', async () => {
    const { fetchSpy } = renderPrompts('/prompts', { updateUserSettings: ({ init }) => ({ ...DEFAULT_USER_SETTINGS, ...(JSON.parse(String(init.body)) as Partial<UserSettings>) }) });
    await screen.findByRole('link', { name: /Weekly update/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '25');
    await waitFor(() => expect(callsTo(fetchSpy, 'updateUserSettings').map((init) => JSON.parse(String(init.body)))).toEqual([{ promptsPageSize: 25 }]));
  });

  it('creates a prompt and opens it', async () => {
    let sent: unknown;
    const created = group({ groupId: 'new-1', name: 'Standup' });
    const { router } = renderPrompts('/prompts/new', {
      createPrompt: ({ init }) => {
        sent = JSON.parse(String(init.body));
        return { group: created, prompt: version({ groupId: 'new-1' }) };
      },
      getPromptGroup: when({ groupId: 'new-1' }, created),
      listPrompts: [version({ groupId: 'new-1' })],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create prompt' }));
    expect(screen.getByText('Give the prompt a name.')).toBeInTheDocument();
    expect(screen.getByText('Write the prompt text.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name'), 'Standup');
    await userEvent.type(screen.getByLabelText(/^Command/), 'Daily Standup!');
    expect(screen.getByLabelText(/^Command/)).toHaveValue('daily-standup');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'idea');
    // user-event reads braces as key names, so the text is pasted.
    await userEvent.click(screen.getByLabelText('Prompt'));
    await userEvent.paste('Yesterday {{done}}, today {{next}}');
    expect(screen.getByText('2 variables:')).toBeInTheDocument();
    // Without SHARED_GLOBAL (a USER's default) there is no sharing switch.
    expect(screen.queryByRole('checkbox', { name: /Share with everyone/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create prompt' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/prompts/new-1'));
    expect(sent).toEqual({ prompt: { prompt: 'Yesterday {{done}}, today {{next}}', type: 'text' }, group: { name: 'Standup', oneliner: '', category: 'idea', command: 'daily-standup' } });
    expect(await screen.findByRole('heading', { name: 'Standup', level: 2 })).toBeInTheDocument();
  });

  it('shows the server\'s reason when the command is taken', async () => {
    renderPrompts('/prompts/new', { createPrompt: fail(409, { code: 'CONFLICT', message: 'The command /standup is already used by another of your prompts.', field: 'command' }) });
    await userEvent.type(await screen.findByLabelText('Name'), 'Standup');
    await userEvent.type(screen.getByLabelText(/^Command/), 'standup');
    await userEvent.type(screen.getByLabelText('Prompt'), 'Go');
    await userEvent.click(screen.getByRole('button', { name: 'Create prompt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The command /standup is already used by another of your prompts.');
  });

  it('offers sharing with everyone only with SHARED_GLOBAL, and sends it', async () => {
    let sent: { projectIds?: string[] } | undefined;
    const mine = group();
    renderPrompts('/prompts/g1', {
      getRole: when({ role: 'USER' }, roleInfo('USER', { PROMPTS: { SHARED_GLOBAL: true } })),
      getPromptGroup: when({ groupId: 'g1' }, mine),
      listPrompts: [version()],
      updatePromptGroup: when({ groupId: 'g1' }, ({ init }) => {
        sent = JSON.parse(String(init.body));
        return { ...mine, projectIds: ['global'], updatedAt: '2026-01-02T00:00:00.000Z' };
      }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Share with everyone/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent).toMatchObject({ projectIds: ['global'] }));
  });

  it('makes a version production and deletes the group after confirming', async () => {
    const mine = group();
    const versions = [version({ promptId: 'p2', prompt: 'Newer text', createdAt: '2026-01-02T00:00:00.000Z' }), version()];
    const { fetchSpy, router } = renderPrompts('/prompts/g1', {
      getPromptGroup: when({ groupId: 'g1' }, mine),
      listPrompts: versions,
      setProductionPrompt: when({ promptId: 'p2' }, { ...mine, productionId: 'p2', productionPrompt: { prompt: 'Newer text', type: 'text' } }),
      deletePromptGroup: when({ groupId: 'g1' }, { groupId: 'g1', deleted: true }),
    });
    const newer = (await screen.findByText('Version 2')).closest('li')!;
    await userEvent.click(within(newer).getByRole('button', { name: 'Make production' }));
    await waitFor(() => expect(within(newer).getByText('Production')).toBeInTheDocument());
    expect(callsTo(fetchSpy, 'setProductionPrompt', { promptId: 'p2' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this prompt?' });
    expect(callsTo(fetchSpy, 'deletePromptGroup', { groupId: 'g1' })).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete prompt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prompts'));
  });

  it("shows another member's shared prompt read-only", async () => {
    const theirs: PromptGroup = group({ author: 'someone-else', authorName: 'Grace Hopper', projectIds: ['global'] });
    renderPrompts('/prompts/g1', { getPromptGroup: when({ groupId: 'g1' }, theirs), listPrompts: [version({ author: 'someone-else' })] });
    expect(await screen.findByText('Shared by Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete prompt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as new version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make production' })).not.toBeInTheDocument();
  });

  it('says so when the prompt is not there (or not shared)', async () => {
    renderPrompts('/prompts/nope', { getPromptGroup: when({ groupId: 'nope' }, fail(404, { code: 'NOT_FOUND', message: 'Prompt group not found.' })), listPrompts: fail(404, { code: 'NOT_FOUND', message: 'Prompt group not found.' }) });
    expect(await screen.findByText('This prompt does not exist, or it is not shared with you.')).toBeInTheDocument();
  });

  it('hides creating without CREATE', async () => {
    renderPrompts('/prompts', { getRole: when({ role: 'USER' }, roleInfo('USER', { PROMPTS: { CREATE: false } })) });
    await screen.findByRole('link', { name: /Weekly update/ });
    expect(screen.queryByRole('link', { name: 'New prompt' })).not.toBeInTheDocument();
  });

  it('leaves for a new chat when the role may not use prompts', async () => {
    const { router } = renderPrompts('/prompts', { getRole: when({ role: 'USER' }, roleInfo('USER', { PROMPTS: { USE: false } })) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'));
  });
});
