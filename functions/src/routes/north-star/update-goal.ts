import { setGoalCompleted } from '../../domain/north-star/north-star.ts';
import { defineHandler } from '../../http/handler.ts';
import * as northStarStore from '../../store/north-star-store.ts';

export const handler = defineHandler('updateNorthStarGoal', async ({ auth, params, body, now }) => setGoalCompleted(auth.userId, params.id, params.goalId, body.completed, now, northStarStore));
