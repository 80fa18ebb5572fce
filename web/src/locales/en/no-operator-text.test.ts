import { OPERATOR_TEXT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { en } from './index.ts';

/** Every string of a locale tree, named by its key path. */
function strings(tree: unknown, path: string): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
  return [];
}

describe('English strings', () => {
  it('never tell a member how the deployment is set up: that is the operator’s, in the log', () => {
    const all = strings(en, '');
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter(([, text]) => OPERATOR_TEXT.test(text))).toEqual([]);
  });
});
