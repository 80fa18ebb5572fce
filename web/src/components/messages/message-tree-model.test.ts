import { NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { chooseSibling, ROOT_KEY, selectBranch } from './message-tree-model.ts';
import { testMessage as m } from './test-messages.ts';

const ids = (branch: ReturnType<typeof selectBranch>) => branch.map((entry) => entry.message.messageId);

describe('selectBranch', () => {
  it('follows a linear conversation from the root to the last reply whatever the array order', () => {
    const messages = [m('a3', 'a2', { minute: 2 }), m('a1', NO_PARENT, { minute: 0 }), m('a2', 'a1', { minute: 1 })];
    expect(ids(selectBranch(messages))).toEqual(['a1', 'a2', 'a3']);
  });

  it('shows the newest sibling by default and counts the siblings', () => {
    const messages = [m('q'), m('r1', 'q', { minute: 1 }), m('r2', 'q', { minute: 3 }), m('r3', 'q', { minute: 2 }), m('f', 'r2', { minute: 4 })];
    const branch = selectBranch(messages);
    expect(ids(branch)).toEqual(['q', 'r2', 'f']);
    expect(branch[1]).toMatchObject({ siblingIndex: 2, siblingCount: 3, parentKey: 'q' });
  });

  it('follows the chosen sibling and its own descendants', () => {
    const messages = [m('q'), m('r1', 'q', { minute: 1 }), m('r2', 'q', { minute: 2 }), m('x', 'r1', { minute: 3 }), m('y', 'r2', { minute: 4 })];
    const selection = chooseSibling({}, 'q', 0, 2);
    expect(ids(selectBranch(messages, selection))).toEqual(['q', 'r1', 'x']);
  });

  it('returns to the newest sibling when the sibling count changes', () => {
    const messages = [m('q'), m('r1', 'q', { minute: 1 }), m('r2', 'q', { minute: 2 })];
    const selection = chooseSibling({}, 'q', 0, 2);
    expect(ids(selectBranch(messages, selection))).toEqual(['q', 'r1']);
    const withNewReply = [...messages, m('r3', 'q', { minute: 3 })];
    expect(ids(selectBranch(withNewReply, selection))).toEqual(['q', 'r3']);
  });

  it('treats several roots as siblings and a message with a missing parent as a root', () => {
    const messages = [m('root1', NO_PARENT, { minute: 0 }), m('cut', 'not-in-array', { minute: 5 })];
    const branch = selectBranch(messages);
    expect(ids(branch)).toEqual(['cut']);
    expect(branch[0]).toMatchObject({ parentKey: ROOT_KEY, siblingIndex: 1, siblingCount: 2 });
  });

  it('stops at a parent loop in imported data instead of hanging', () => {
    const messages = [m('a', 'b'), m('b', 'a'), m('root'), m('c', 'root', { minute: 1 })];
    expect(ids(selectBranch(messages))).toEqual(['root', 'c']);
  });

  it('is empty for no messages', () => {
    expect(selectBranch([])).toEqual([]);
  });
});

describe('chooseSibling', () => {
  it('keeps the choice inside the group', () => {
    expect(chooseSibling({}, 'q', 5, 3).q).toEqual({ index: 2, count: 3 });
    expect(chooseSibling({}, 'q', -1, 3).q).toEqual({ index: 0, count: 3 });
  });
});
