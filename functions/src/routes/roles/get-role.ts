import { readRole } from '../../domain/roles/roles.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('getRole', async ({ auth, params }) => readRole(auth.role, params.role));
