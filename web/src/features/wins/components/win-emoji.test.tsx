import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as support from '@/lib/emoji-support.ts';
import { WinEmoji } from './win-emoji.tsx';

describe('WinEmoji', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the member's emoji where the browser draws it", () => {
    vi.spyOn(support, 'emojiRenders').mockReturnValue(true);
    const { container } = render(<WinEmoji emoji="🚀" iconClassName="size-6" />);
    expect(container).toHaveTextContent('🚀');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('draws the target icon instead where the browser has no glyph for it', () => {
    vi.spyOn(support, 'emojiRenders').mockReturnValue(false);
    const { container } = render(<WinEmoji emoji="🚀" iconClassName="size-6" />);
    expect(container).not.toHaveTextContent('🚀');
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
