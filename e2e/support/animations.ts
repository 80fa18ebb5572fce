/** Resolves once every animation that ends has ended (a card sliding in is measured where it stays), and fonts are in. */
export async function animationsDone(): Promise<void> {
  await document.fonts.ready;
  await Promise.allSettled(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished),
  );
}
