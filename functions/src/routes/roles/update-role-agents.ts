import { updateRolePermissions } from '../../domain/roles/roles.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('updateRoleAgents', async ({ params, body, now }) => updateRolePermissions(params.role, 'AGENTS', body, now));
