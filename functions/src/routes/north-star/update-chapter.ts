import { editChapter } from '../../domain/north-star/north-star.ts';
import { defineHandler } from '../../http/handler.ts';
import * as northStarStore from '../../store/north-star-store.ts';

export const handler = defineHandler('updateNorthStarChapter', async ({ auth, params, body, now }) => editChapter(auth.userId, params.id, params.chapterId, body.content, now, northStarStore));
