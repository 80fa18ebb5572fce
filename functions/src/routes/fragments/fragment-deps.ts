import { randomUUID } from 'node:crypto';
import type { FragmentAudio, FragmentDeps } from '../../domain/fragments/fragments.ts';
import { bucketObjects } from '../../store/blobs.ts';
import * as fragmentStore from '../../store/fragment-store.ts';

/** The stores behind the fragment routes, for a request made at `now`. */
export function fragmentDeps(now: Date): FragmentDeps & { audio: FragmentAudio } {
  return { store: fragmentStore, audio: bucketObjects('audio'), newId: randomUUID, now };
}
