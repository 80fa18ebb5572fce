import { randomUUID } from 'node:crypto';
import type { FragmentDeps } from '../../domain/fragments/fragments.ts';
import * as fragmentStore from '../../store/fragment-store.ts';

/** The stores behind the fragment routes, for a request made at `now`. */
export function fragmentDeps(now: Date): FragmentDeps {
  return { store: fragmentStore, newId: randomUUID, now };
}
