import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { testUser } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoutes } from '@/test/render.tsx';
import { QuickAddMenu } from './quick-add-menu.tsx';

function Where() {
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      <QuickAddMenu />
    </>
  );
}

function render(path: string, speech = { sttExternal: true, ttsExternal: false }) {
  setSession('tok', testUser, { broadcast: false });
  mockApi({ getSpeechConfig: speech });
  return renderRoutes([{ path: '*', element: <Where /> }], path);
}

describe('quick-add menu', () => {
  it.each([
    ['New Fragment', '/fragments?capture=quick'],
    ['Evening Reflection', '/today?reflect=evening'],
    ['Voice Note', '/fragments?capture=voice'],
  ])('%s goes to %s and closes the menu', async (name, target) => {
    const user = userEvent.setup();
    render('/library/wins-vault');
    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    await user.click(await within(screen.getByRole('menu', { name: 'Quick add' })).findByRole('menuitem', { name }));
    expect(screen.getByTestId('where')).toHaveTextContent(target);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('offers no voice note where the server cannot transcribe one (the recording would be lost)', async () => {
    const user = userEvent.setup();
    render('/today', { sttExternal: false, ttsExternal: false });
    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    await screen.findByRole('menuitem', { name: 'New Fragment' });
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['New Fragment', 'Evening Reflection']);
  });

  it('closes with Escape and stays out of the chat pages', async () => {
    const user = userEvent.setup();
    const first = render('/today');
    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quick add' })).toHaveAttribute('aria-expanded', 'false');
    first.unmount();
    render('/c/abc');
    expect(screen.queryByRole('button', { name: 'Quick add' })).not.toBeInTheDocument();
  });
});
