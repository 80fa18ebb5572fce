import { describe, expect, it } from 'vitest';
import { fillPrompt, promptVariables } from './variables.ts';

describe('prompt variables', () => {
  it('lists each variable once, in the order it first appears, trimmed', () => {
    expect(promptVariables('Dear {{ name }}, about {{topic}}: {{name}} again')).toEqual(['name', 'topic']);
    expect(promptVariables('No blanks here, and {single} braces are text')).toEqual([]);
  });

  it('fills every occurrence and leaves a placeholder without a value as written', () => {
    expect(fillPrompt('Dear {{ name }}, about {{topic}}: {{name}}', { name: 'Ada', topic: '' })).toBe('Dear Ada, about : Ada');
    expect(fillPrompt('Hi {{who}}', {})).toBe('Hi {{who}}');
  });
});
