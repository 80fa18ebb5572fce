/** The Claude output and thinking rules live with the parameter ranges in @meld/shared, one source for adapters, server checks and the composer. */
export { claudeOutput } from '@meld/shared';
