import type { PermissionType, Role, RoleInfo } from '@meld/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { roleKeys } from '@/lib/permissions.ts';
import { showToast } from '@/lib/toast.ts';

/** The two features whose permissions an admin edits (spec 000 section 6). */
export type EditableFeature = 'PROMPTS' | 'AGENTS';

export interface RoleChange {
  role: Role;
  feature: EditableFeature;
  type: PermissionType;
  value: boolean;
}

/**
 * Saves one switch: the role's table in the shared cache takes the server's answer, so the
 * admin's own interface (ADMIN's table) follows at once. A refusal puts the switch back.
 */
export function useUpdateRolePermission() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, feature, type, value }: RoleChange) =>
      apiRequest(feature === 'PROMPTS' ? 'updateRolePrompts' : 'updateRoleAgents', { params: { role }, body: { [type]: value } }),
    onMutate: async ({ role, feature, type, value }) => {
      await queryClient.cancelQueries({ queryKey: roleKeys.detail(role) });
      const previous = queryClient.getQueryData<RoleInfo>(roleKeys.detail(role));
      if (previous) {
        queryClient.setQueryData<RoleInfo>(roleKeys.detail(role), { ...previous, permissions: { ...previous.permissions, [feature]: { ...previous.permissions[feature], [type]: value } } });
      }
      return { previous };
    },
    onSuccess: (info, { role, feature }) => {
      queryClient.setQueryData(roleKeys.detail(role), info);
      showToast({ message: t('roles.admin.saved', { role: t(`roles.admin.role.${role}`), feature: t(`roles.admin.feature.${feature}`) }), severity: 'success' });
    },
    onError: (error, { role }, context) => {
      if (context?.previous) queryClient.setQueryData(roleKeys.detail(role), context.previous);
      showToast({ message: t('roles.admin.saveFailed', { message: isApiError(error) ? error.message : String(error) }), severity: 'error' });
    },
  });
}
