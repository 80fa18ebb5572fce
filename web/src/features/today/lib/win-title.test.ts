import { describe, expect, it } from 'vitest';
import { winTitleFrom, WIN_TITLE_MAX } from './win-title.ts';

describe('winTitleFrom', () => {
  it('takes the first sentence without its full stop', () => {
    expect(winTitleFrom('I finished the essay. Then I slept early.')).toBe('I finished the essay');
  });

  it('keeps a question or exclamation mark that ends the sentence', () => {
    expect(winTitleFrom('Shipped it!  And more.')).toBe('Shipped it!');
  });

  it('does not split on a dot inside a number', () => {
    expect(winTitleFrom('Ran 5.5 km before work. Felt great.')).toBe('Ran 5.5 km before work');
  });

  it('uses the whole text when there is no sentence end, collapsing line breaks', () => {
    expect(winTitleFrom('  Called mum\nand laughed a lot  ')).toBe('Called mum and laughed a lot');
  });

  it('cuts a long sentence at a word boundary with an ellipsis', () => {
    const title = winTitleFrom(`${'word '.repeat(40)}end.`);
    expect(title.length).toBeLessThanOrEqual(WIN_TITLE_MAX);
    expect(title).toMatch(/word…$/);
  });
});
