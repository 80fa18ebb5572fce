import { describe, expect, it } from 'vitest';
import { hasMath, prepareMath } from './math.ts';

describe('prepareMath', () => {
  it('leaves prices alone', () => {
    for (const text of ['It costs $5 and $10.', 'from $20,000 to $30,000', 'between $5-$10', 'I have $ and you have $']) {
      expect(prepareMath(text)).toBe(text);
      expect(hasMath(prepareMath(text))).toBe(false);
    }
  });

  it('reads single dollars as math only when they hug their content', () => {
    expect(prepareMath('Euler: $e^{i\\pi}+1=0$.')).toBe('Euler: $$e^{i\\pi}+1=0$$.');
    expect(prepareMath('$5 or $x$')).toBe('$5 or $$x$$');
    expect(prepareMath('a \\$5 and $x$')).toBe('a \\$5 and $$x$$');
  });

  it('turns \\( \\) into inline math and \\[ \\] on its own lines into a display block', () => {
    expect(prepareMath('so \\(a+b\\) holds')).toBe('so $$a+b$$ holds');
    expect(prepareMath('Text\n\\[\n  x = \\frac{1}{2}\n\\]\nmore')).toBe('Text\n$$\nx = \\frac{1}{2}\n$$\nmore');
    expect(prepareMath('  $$ E = mc^2 $$')).toBe('  $$\n  E = mc^2\n  $$');
  });

  it('keeps display math written inside a sentence inline', () => {
    expect(prepareMath('where \\[c\\] is fixed')).toBe('where $$c$$ is fixed');
  });

  it('does not touch code spans or fenced code', () => {
    const text = 'Use `$x$` or\n```\nprice = $y$\n```\nthen $z$';
    expect(prepareMath(text)).toBe('Use `$x$` or\n```\nprice = $y$\n```\nthen $$z$$');
  });
});
