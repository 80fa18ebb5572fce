import { describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { mergeMessages } from './merge-messages.ts';

describe('mergeMessages', () => {
  it('adds a page’s new messages and keeps the list oldest first', () => {
    const held = [testMessage('b', 'a', { minute: 2 }), testMessage('c', 'b', { minute: 3 })];
    const merged = mergeMessages(held, [testMessage('a', undefined, { minute: 1 }), testMessage('b2', 'a', { minute: 4 })]);
    expect(merged.map((m) => m.messageId)).toEqual(['a', 'b', 'c', 'b2']);
    expect(mergeMessages(undefined, held)).toEqual(held);
  });

  it('keeps one copy of a message a later page repeats: the later edit, or the arriving one when equally new', () => {
    const edited = { ...testMessage('a'), text: 'edited', updatedAt: '2026-02-01T00:00:00.000Z' };
    expect(mergeMessages([edited], [testMessage('a')])).toEqual([edited]);
    expect(mergeMessages([testMessage('a')], [edited])).toEqual([edited]);
    const again = { ...testMessage('a'), text: 'from the server' };
    expect(mergeMessages([testMessage('a')], [again])).toEqual([again]);
  });
});
