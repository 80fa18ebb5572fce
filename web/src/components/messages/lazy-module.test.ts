import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';

describe('lazyModule', () => {
  it('imports once however many callers ask, and tells subscribers when it arrives', async () => {
    const importer = vi.fn(async () => 'loaded');
    const module = lazyModule(importer);
    const listener = vi.fn();
    module.subscribe(listener);
    expect(module.current()).toBeUndefined();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    await module.load();
    expect([a, b, module.current()]).toEqual(['loaded', 'loaded', 'loaded']);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import so a later caller can try again', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce('second try');
    const module = lazyModule(importer);
    expect(await module.load()).toBeUndefined();
    expect(await module.load()).toBe('second try');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
