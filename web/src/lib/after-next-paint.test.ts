import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

/** Whether the promise has settled once the queued tasks so far have run. */
async function settledAfterTasks(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the next animation frame, then for the task after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');

    const painted = afterNextPaint();
    expect(await settledAfterTasks(painted)).toBe(false);
    expect(frames).toHaveLength(1);

    frames[0]!(performance.now());
    expect(await settledAfterTasks(painted)).toBe(true);
  });

  it('does not wait for a frame in a hidden tab, which draws none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frame);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');

    expect(await settledAfterTasks(afterNextPaint())).toBe(true);
    expect(frame).not.toHaveBeenCalled();
  });
});
