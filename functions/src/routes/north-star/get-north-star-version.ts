import { getNarrativeVersion } from '../../domain/north-star/north-star.ts';
import { defineHandler } from '../../http/handler.ts';
import * as northStarStore from '../../store/north-star-store.ts';

export const handler = defineHandler('getNorthStarVersion', async ({ auth, params }) => getNarrativeVersion(auth.userId, params.id, northStarStore));
