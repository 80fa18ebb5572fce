import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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

const render = (path: string) => renderRoutes([{ path: '*', element: <Where /> }], path);

describe('quick-add menu', () => {
  it.each([
    ['New Fragment', '/fragments?capture=quick'],
    ['Evening Reflection', '/today?reflect=evening'],
    ['Voice Note', '/fragments?capture=voice'],
  ])('%s goes to %s and closes the menu', async (name, target) => {
    const user = userEvent.setup();
    render('/library/wins-vault');
    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    await user.click(within(screen.getByRole('menu', { name: 'Quick add' })).getByRole('menuitem', { name }));
    expect(screen.getByTestId('where')).toHaveTextContent(target);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
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
