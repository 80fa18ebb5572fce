import type { PromptGroup } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiMocks, callsTo, when } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { renderComposer } from './composer-test-kit.tsx';

function group(overrides: Partial<PromptGroup>): PromptGroup {
  return {
    groupId: 'g1',
    name: 'Weekly update',
    oneliner: 'A note for the team',
    category: 'write',
    command: 'weekly-update',
    author: 'u1',
    authorName: 'Ada Lovelace',
    projectIds: [],
    productionId: 'p1',
    productionPrompt: { prompt: 'Write an update for {{team}} about {{topic}}.', type: 'text' },
    numberOfGenerations: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const library = [
  group({}),
  group({ groupId: 'g2', name: 'Code review', command: 'review', oneliner: '', productionPrompt: { prompt: 'Review this code carefully.', type: 'text' } }),
  group({ groupId: 'g3', name: 'Trip planner', command: null, oneliner: 'Weekend away' }),
];

const box = () => screen.getByRole('textbox', { name: 'Message' });

function renderWithPrompts(extra: ApiMocks = {}, config = testConfig()) {
  const uses = library.map((item) => when({ groupId: item.groupId }, { ...item, numberOfGenerations: 1 }));
  return renderComposer('/c/new', { ...roleRoutes(), listAllPromptGroups: library, recordPromptUse: uses, ...extra }, config);
}

describe('the slash command', () => {
  it('lists the prompts whose command or name matches what follows the slash', async () => {
    renderWithPrompts();
    await userEvent.type(box(), '/rev');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['/reviewCode reviewReview this code carefully.']);
    await userEvent.clear(box());
    await userEvent.type(box(), '/trip');
    expect(within(await screen.findByRole('listbox')).getByRole('option')).toHaveTextContent('Trip planner');
  });

  it('fills the variables in the dialog, each required, then puts the text in the composer and counts the use', async () => {
    const spy = renderWithPrompts();
    await userEvent.type(box(), '/week');
    await screen.findByRole('option', { name: /weekly-update/ });
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Weekly update' });
    await userEvent.type(within(dialog).getByLabelText('team'), 'the design crew');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert prompt' }));
    expect(within(dialog).getByText('topic is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('topic'), 'the launch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert prompt' }));
    await waitFor(() => expect(box()).toHaveValue('Write an update for the design crew about the launch.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(spy, 'recordPromptUse', { groupId: 'g1' })).toHaveLength(1));
  });

  it('moves with the arrows, inserts a prompt without variables at once, and closes on Escape', async () => {
    renderWithPrompts();
    await userEvent.type(box(), '/');
    await screen.findByRole('listbox');
    // Prompts with a command come first, by name: Code review, Weekly update, then Trip planner.
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}{ArrowUp}');
    const selected = within(screen.getByRole('listbox', { name: 'Prompts' })).getByRole('option', { selected: true });
    expect(selected).toHaveTextContent('Weekly update');
    // The message box points at the highlighted option, with only the attributes a text box may carry.
    expect(box()).toHaveAttribute('aria-activedescendant', selected.id);
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).not.toHaveAttribute('aria-expanded');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(screen.getByRole('listbox', { name: 'Prompts' })).getByRole('option', { selected: true })).toHaveTextContent('Code review');
    await userEvent.keyboard('{Enter}');
    expect(box()).toHaveValue('Review this code carefully.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await userEvent.clear(box());
    await userEvent.type(box(), '/x');
    await screen.findByText('No prompt matches. Create prompts on the Prompts page.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('No prompt matches. Create prompts on the Prompts page.')).not.toBeInTheDocument();
  });

  it('stays closed when the role may not use prompts', async () => {
    const spy = renderWithPrompts({ getRole: when({ role: 'USER' }, roleInfo('USER', { PROMPTS: { USE: false } })) });
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes('/api/roles/USER'))).toBe(true));
    await userEvent.type(box(), '/week');
    // Long enough for the role's table to arrive and open the menu, were it allowed.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(spy.mock.calls.some(([url]) => String(url).includes('/api/prompts/all'))).toBe(false);
  });

  it('stays closed when the operator hides prompts', async () => {
    const config = testConfig();
    const spy = renderWithPrompts({}, { ...config, interface: { ...config.interface, prompts: false } });
    // The model menu comes alive once the startup config (with the toggles) has loaded.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ })).toBeEnabled());
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes('/api/roles/USER'))).toBe(true));
    await userEvent.type(box(), '/week');
    // Long enough for the role's table to arrive and open the menu, were it allowed.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(spy.mock.calls.some(([url]) => String(url).includes('/api/prompts/all'))).toBe(false);
  });
});
