import { updateRolePermissions } from '../../domain/roles/roles.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('updateRolePrompts', async ({ params, body, now }) => updateRolePermissions(params.role, 'PROMPTS', body, now));
