/**
 * Resolves once every running animation that ends has ended (a card sliding in is measured where
 * it stays), and fonts are in. Runs in the page. A paused animation, or one still running after
 * five seconds (a progress bar), is not waited for.
 */
export async function animationsDone(): Promise<void> {
  await document.fonts.ready;
  const ending = document
    .getAnimations()
    .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished);
  await Promise.race([Promise.allSettled(ending), new Promise((resolve) => setTimeout(resolve, 5_000))]);
}
