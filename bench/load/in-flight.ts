import { setTimeout as delay } from 'node:timers/promises';
import type { RouteDef } from '@meld/shared';
import type { GatewayOptions, HandlerModule } from '../../functions/src/local/gateway.ts';

/**
 * Handler modules as the gateway imports them, each handler counted while it runs. A load client
 * that hangs up leaves handlers still writing; the stack may only stop once they are done, or
 * the embedded DynamoDB closes under them.
 */
export function inFlightCounter(): { loadHandler: NonNullable<GatewayOptions['loadHandler']>; drained: (timeoutMs?: number) => Promise<boolean> } {
  let running = 0;
  const loadHandler = async (route: RouteDef): Promise<HandlerModule> => {
    const module = (await import(new URL(`../../functions/src/routes/${route.handler}.ts`, import.meta.url).href)) as HandlerModule;
    const handler = module.handler as (...args: unknown[]) => Promise<unknown>;
    const counted = async (...args: unknown[]) => {
      running++;
      try {
        return await handler(...args);
      } finally {
        running--;
      }
    };
    // Keeps the streaming marker (a symbol property) the gateway dispatches on.
    for (const key of Reflect.ownKeys(handler)) {
      if (typeof key === 'symbol') Object.defineProperty(counted, key, Object.getOwnPropertyDescriptor(handler, key)!);
    }
    return { ...module, handler: counted };
  };
  const drained = async (timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (running > 0 && Date.now() < deadline) await delay(100);
    return running === 0;
  };
  return { loadHandler, drained };
}
