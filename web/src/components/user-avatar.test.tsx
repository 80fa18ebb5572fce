import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageTree } from './messages/message-tree.tsx';
import { testMessage as m } from './messages/test-messages.ts';
import { UserAvatar } from './user-avatar.tsx';

const URL = '/api/files/avatars/u1/0123456789abcdef0123456789abcdef.png';

describe('UserAvatar', () => {
  it('shows the picture, and the initials when there is none or it fails to load', () => {
    const { rerender } = render(<UserAvatar name="Ada Lovelace" avatar={null} label="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveTextContent('AL');

    rerender(<UserAvatar name="Ada Lovelace" avatar={URL} label="Ada" />);
    const picture = screen.getByRole('img', { name: 'Ada' });
    expect(picture).toHaveAttribute('src', URL);
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveTextContent('AL');
  });

  it('sits beside the author’s own messages only, and only where an author is given', () => {
    const messages = [m('q', undefined, { text: 'Hello there' }), m('r', 'q', { minute: 1, isCreatedByUser: false, sender: 'Claude', text: 'Hi' })];
    const { container, rerender } = render(<MessageTree messages={messages} author={{ name: 'Ada Lovelace', avatar: URL }} />);
    const mine = within(screen.getByRole('article', { name: 'You' }));
    expect(mine.getByText('Hello there')).toBeInTheDocument();
    expect(container.querySelectorAll(`img[src="${URL}"]`)).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Claude' }).querySelector('img')).toBeNull();

    rerender(<MessageTree messages={messages} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
