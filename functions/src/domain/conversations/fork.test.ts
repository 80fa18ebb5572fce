import { NO_PARENT, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from './__fixtures__/branched-tree.ts';
import { selectForkMessages, type ForkRequest } from './fork.ts';

const messages = branchedTree();

function fork(request: Partial<ForkRequest> & { messageId: string }): Message[] {
  return selectForkMessages(messages, { option: 'targetLevel', splitAtTarget: false, ...request });
}

const ids = (list: Message[]) => list.map((message) => message.messageId).sort();
const parents = (list: Message[]) => Object.fromEntries(list.map((message) => [message.messageId, message.parentMessageId]));

describe('choosing the messages of a fork', () => {
  it('directPath copies the chain from the root to the target, root first, links untouched', () => {
    const chosen = fork({ messageId: 'm3', option: 'directPath' });
    expect(chosen.map((message) => message.messageId)).toEqual(['m1', 'm2', 'm3']);
    expect(parents(chosen)).toEqual({ m1: NO_PARENT, m2: 'm1', m3: 'm2' });
    expect(fork({ messageId: 'm5b', option: 'directPath' }).map((message) => message.messageId)).toEqual(['m1', 'm2', 'm3b', 'm4b', 'm5b']);
  });

  it('includeBranches adds the siblings of each message on the path, but not their replies, the target’s replies or other roots', () => {
    expect(ids(fork({ messageId: 'm3', option: 'includeBranches' }))).toEqual(['m1', 'm2', 'm2b', 'm3', 'm3b']);
    expect(ids(fork({ messageId: 'm4b', option: 'includeBranches' }))).toEqual(['m1', 'm2', 'm2b', 'm3', 'm3b', 'm4b']);
  });

  it('targetLevel copies every message on any branch no deeper than the target', () => {
    expect(ids(fork({ messageId: 'm3' }))).toEqual(['m1', 'm1x', 'm2', 'm2b', 'm2x', 'm3', 'm3b', 'm3c']);
    expect(ids(fork({ messageId: 'm4b' }))).toEqual(['m1', 'm1x', 'm2', 'm2b', 'm2x', 'm3', 'm3b', 'm3c', 'm4', 'm4b']);
    expect(ids(fork({ messageId: 'm1' }))).toEqual(['m1', 'm1x']);
  });

  describe('splitAtTarget', () => {
    const split = (option: ForkRequest['option']) => fork({ messageId: 'm2', option, splitAtTarget: true, latestMessageId: 'm4b' });

    it('starts the tree at the target’s level and applies directPath from the latest message', () => {
      const chosen = split('directPath');
      expect(chosen.map((message) => message.messageId)).toEqual(['m2', 'm3b', 'm4b']);
      expect(parents(chosen)).toEqual({ m2: NO_PARENT, m3b: 'm2', m4b: 'm3b' });
    });

    it('applies includeBranches below the cut: the former siblings of the target are roots now and stay out', () => {
      const chosen = split('includeBranches');
      expect(ids(chosen)).toEqual(['m2', 'm3', 'm3b', 'm4b']);
      expect(parents(chosen).m2).toBe(NO_PARENT);
    });

    it('applies targetLevel below the cut, with every message of the target’s level as a root', () => {
      const chosen = split('targetLevel');
      expect(ids(chosen)).toEqual(['m2', 'm2b', 'm2x', 'm3', 'm3b', 'm3c', 'm4', 'm4b']);
      expect(parents(chosen)).toMatchObject({ m2: NO_PARENT, m2b: NO_PARENT, m2x: NO_PARENT, m3: 'm2', m3c: 'm2b', m4b: 'm3b' });
    });

    it('needs the latest message, at or below the target’s level', () => {
      expect(() => fork({ messageId: 'm2', splitAtTarget: true })).toThrow(expect.objectContaining({ kind: 'invalid', field: 'latestMessageId' }));
      expect(() => fork({ messageId: 'm2', splitAtTarget: true, latestMessageId: 'm1' })).toThrow(expect.objectContaining({ kind: 'invalid', field: 'latestMessageId' }));
    });
  });

  it('answers not found for a message that is not in the conversation', () => {
    expect(() => fork({ messageId: 'nope' })).toThrow(expect.objectContaining({ kind: 'not-found', field: 'messageId' }));
  });

  it('treats a message whose parent is missing as a root, as the client draws it', () => {
    const broken = [...messages, { ...messages[0]!, messageId: 'orphan', parentMessageId: 'gone' }];
    expect(ids(selectForkMessages(broken, { messageId: 'm1', option: 'targetLevel', splitAtTarget: false }))).toEqual(['m1', 'm1x', 'orphan']);
  });
});
