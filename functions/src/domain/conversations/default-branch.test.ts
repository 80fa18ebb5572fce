import { NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from './__fixtures__/branched-tree.ts';
import { defaultBranch, type MessageNode } from './default-branch.ts';

const node = (messageId: string, parentMessageId: string, createdAt: string): MessageNode => ({ messageId, parentMessageId, createdAt });

describe('defaultBranch', () => {
  it('follows the newest sibling from the newest root down, as the message tree shows with no choice made', () => {
    expect(defaultBranch(branchedTree())).toEqual(['m1x', 'm2x']);
    const withoutSecondRoot = branchedTree().filter((m) => !m.messageId.endsWith('x'));
    expect(defaultBranch(withoutSecondRoot)).toEqual(['m1', 'm2b', 'm3c']);
  });

  it('takes a message whose parent is missing as a root, breaks ties by the later message and ends on a parent loop', () => {
    expect(defaultBranch([node('a', 'gone', '2026-01-01'), node('b', 'a', '2026-01-02'), node('c', 'a', '2026-01-02')])).toEqual(['a', 'c']);
    expect(defaultBranch([node('r', NO_PARENT, '2026-01-01'), node('x', 'y', '2026-01-02'), node('y', 'x', '2026-01-03')])).toEqual(['r']);
    expect(defaultBranch([])).toEqual([]);
  });
});
