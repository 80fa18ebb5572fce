/**
 * Resolves once the browser has drawn its next frame: a task queued from an animation frame
 * callback runs after that frame's style, layout and paint. For work a page wants soon but not
 * before its content is on screen (issue 25 §7). A hidden tab draws no frames, so there it
 * resolves after the current task instead of waiting until the tab is shown; a tab hidden after
 * the call waits for the frame it draws when shown again, when there is something to see.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => void setTimeout(resolve, 0);
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') later();
    else requestAnimationFrame(later);
  });
}
