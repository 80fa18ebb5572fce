import { MESSAGE_PAGE, NO_PARENT, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { cutToFit, messageBytes, packPages, PageBudget } from './page-budget.ts';

const at = '2026-01-01T00:00:00.000Z';
const message = (messageId: string, text: string): Message => ({ messageId, conversationId: 'c', parentMessageId: NO_PARENT, text, sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at });

describe('page budget', () => {
  it('stops a page before its JSON would pass the budget, always taking a first message', () => {
    const budget = new PageBudget(10, 3_000);
    expect(budget.take(message('a', 'x'.repeat(1_200)))).toBeDefined();
    expect(budget.take(message('b', 'x'.repeat(1_200)))).toBeUndefined();
    const tiny = new PageBudget(10, 10);
    expect(tiny.take(message('a', 'hello'))?.messageId).toBe('a');
    expect(tiny.take(message('b', 'hello'))).toBeUndefined();
  });

  it('stops at the count limit', () => {
    const budget = new PageBudget(2);
    expect([budget.take(message('a', '')), budget.take(message('b', '')), budget.take(message('c', ''))].map((m) => m?.messageId)).toEqual(['a', 'b', undefined]);
  });

  it('cuts a message over the cap to fit it, counting escapes, never splitting a surrogate pair', () => {
    const escaped = message('a', '"\n'.repeat(600_000) + '😀'.repeat(400_000));
    const cut = cutToFit(escaped, 1_000_000);
    expect(messageBytes(cut)).toBeLessThanOrEqual(1_000_000);
    expect(messageBytes(cut)).toBeGreaterThan(990_000);
    expect(cut).toMatchObject({ truncated: true, messageId: 'a' });
    expect(escaped.text.startsWith(cut.text)).toBe(true);
    const emoji = cutToFit(message('b', '😀'.repeat(600_000)), 1_000_000);
    expect(emoji.text.length % 2).toBe(0);
    const small = message('c', 'short');
    expect(cutToFit(small)).toBe(small);
  });

  it('packs a snapshot into pages that each fit, in order', () => {
    const messages = Array.from({ length: 30 }, (_, i) => message(`m${i}`, 'z'.repeat(100_000)));
    const pages = packPages(messages);
    expect(pages.flat().map((m) => m.messageId)).toEqual(messages.map((m) => m.messageId));
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(MESSAGE_PAGE.budgetBytes);
    expect(pages).toHaveLength(4);
    expect(packPages([])).toEqual([[]]);
  });
});
