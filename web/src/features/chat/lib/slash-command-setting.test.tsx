import { DEFAULT_USER_SETTINGS, type PromptGroup, type UserSettings } from '@meld/shared';
import { screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { roleRoutes } from '@/test/roles.ts';
import { usePromptCommand } from '../components/composer/prompt-command.tsx';

const settingsServer = (changes: Partial<UserSettings> = {}) => ({ routes: { getUserSettings: { ...DEFAULT_USER_SETTINGS, ...changes } } });

/** The composer's slash command over a message box holding `text`. */
function SlashBox({ text }: { text: string }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const slash = usePromptCommand(text, () => {}, textarea);
  return (
    <div>
      {slash.element}
      <textarea ref={textarea} aria-label="Message" value={text} readOnly />
    </div>
  );
}

const review = { groupId: 'g2', name: 'Code review', command: 'review', oneliner: '', category: 'write', author: 'u1', authorName: 'Ada', projectIds: [], productionId: 'p2', productionPrompt: { prompt: 'Review this code.', type: 'text' }, numberOfGenerations: 0, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' } as PromptGroup;

describe('the composer and the / command setting', () => {
  it('opens the prompts on "/" while the command is on, and leaves "/" as plain text once it is off', async () => {
    setSession('tok', testUser, { broadcast: false });
    const server = settingsServer();
    mockApi({ ...server.routes, getConfig: testConfig(), ...roleRoutes(), listAllPromptGroups: [review] });
    const { unmount } = renderAt(<SlashBox text="/rev" />);
    expect(await screen.findByRole('listbox', { name: 'Prompts' })).toHaveTextContent('Code review');
    unmount();

    mockApi({ ...settingsServer({ slashCommand: false }).routes, getConfig: testConfig(), ...roleRoutes(), listAllPromptGroups: [review] });
    renderAt(<SlashBox text="/rev" />);
    await screen.findByRole('textbox', { name: 'Message' });
    // Long enough for the settings, the role and the prompts to have answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByText('Prompts')).toBeNull();
  });
});
