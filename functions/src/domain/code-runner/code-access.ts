import { ERROR_CODES, EXECUTE_CODE_TOOL_ID, type AppConfig, type Role } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { requirePermission } from '../roles/permissions.ts';

/** The only tool a client may call directly; any other id is unknown (404). */
export function requireCodeTool(toolId: string): void {
  if (toolId !== EXECUTE_CODE_TOOL_ID) throw new DomainError('not-found', ERROR_CODES.notFound, `unknown tool: ${toolId}`);
}

/** Refuses (403) when the operator turned code runs off, or the role lacks RUN_CODE/USE. */
export async function requireRunCode(config: AppConfig, role: Role): Promise<void> {
  if (!config.interface.runCode) throw new DomainError('forbidden', ERROR_CODES.forbidden, 'Running code is turned off on this server');
  await requirePermission(role, 'RUN_CODE', 'USE');
}
