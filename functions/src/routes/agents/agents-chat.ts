import { defineHandler } from '../../http/handler.ts';
import { agentsUnavailable } from '../ask/unavailable.ts';

export const handler = defineHandler('agentsChat', async () => {
  throw agentsUnavailable();
});
