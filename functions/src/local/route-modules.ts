import type { HandlerModule } from './gateway.ts';

/**
 * Imports the handler module of a route table entry (`functions/src/routes/<handler>.ts`). The
 * bundled local server (server-bundle.ts) replaces this module with a static map of the same
 * imports, which a bundler can follow.
 */
export function importRouteModule(handler: string): Promise<HandlerModule> {
  return import(new URL(`../routes/${handler}.ts`, import.meta.url).href) as Promise<HandlerModule>;
}
