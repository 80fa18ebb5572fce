import { describe, expect, it, vi } from 'vitest';

describe('processStorage', () => {
  it('hands every evaluation of a module the same storage, so storages do not pile up in the process', async () => {
    const first = await import('../http/request-scope.ts');
    vi.resetModules();
    const second = await import('../http/request-scope.ts');
    expect(second).not.toBe(first);
    // A scope opened through one evaluation is the one the other reads.
    await first.withRequestScope(async () => {
      expect(second.requestScope()).toEqual({ userId: 'member-1' });
    }, { userId: 'member-1' });
  });

  it('keeps storages of different names apart', async () => {
    const { processStorage } = await import('./async-storage.ts');
    expect(processStorage('a')).toBe(processStorage('a'));
    expect(processStorage('a')).not.toBe(processStorage('b'));
  });
});
