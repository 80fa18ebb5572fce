import type { InterfaceToggle, PermissionFeature, PermissionType, Role, RoleInfo } from '@meld/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { getSession } from './auth-session.ts';
import { startupConfigQuery, useStartupConfig } from './config-queries.ts';
import { useSession } from './use-session.ts';

/** Role tables, one entry per role: the signed-in user's, and for an admin ADMIN's and the Roles tab's. */
export const roleKeys = {
  all: ['roles'] as const,
  detail: (role: Role) => [...roleKeys.all, role] as const,
};

export const roleQuery = (role: Role) =>
  queryOptions({
    queryKey: roleKeys.detail(role),
    queryFn: ({ signal }) => apiRequest('getRole', { params: { role }, signal }),
    staleTime: 5 * 60_000,
    // Without its table the interface keeps the gated parts hidden; a toast would only alarm.
    meta: { toastOnError: false },
  });

export interface RolePermissionsState {
  /** The signed-in user's role table; undefined until loaded (or when signed out). */
  role: RoleInfo | undefined;
  /** ADMIN's table, loaded for admins as spec 000 section 6 asks; undefined for everyone else. */
  admin: RoleInfo | undefined;
  isLoading: boolean;
}

/** Loads the user's role permissions, and ADMIN's too when the user is an admin. */
export function useRolePermissions(): RolePermissionsState {
  const { status, user } = useSession();
  const role = status === 'authenticated' ? user?.role : undefined;
  const own = useQuery({ ...roleQuery(role ?? 'USER'), enabled: role !== undefined });
  // An admin's own role is ADMIN: this observer shares the first's cache entry, one request.
  const admin = useQuery({ ...roleQuery('ADMIN'), enabled: role === 'ADMIN' });
  return { role: own.data, admin: role === 'ADMIN' ? admin.data : undefined, isLoading: role !== undefined && own.isPending };
}

/**
 * Whether the user's role allows it. False until the table has loaded, so forbidden controls
 * never flash in and out; the server refuses regardless.
 */
export function usePermission(feature: PermissionFeature, type: PermissionType): boolean {
  return useRolePermissions().role?.permissions[feature][type] === true;
}

/** Whether the operator shows an interface part (startup config `interface`); shown unless set to false. */
export function useInterfaceToggle(toggle: InterfaceToggle): boolean {
  const { data } = useStartupConfig();
  return data?.interface[toggle] !== false;
}

/**
 * Whether a gated part of the interface shows: the operator shows it and the role may (bookmarks,
 * temporary chat, prompts, agents, run code). Hidden until the role's table has loaded.
 */
export function useFeatureShown(toggle: InterfaceToggle, feature: PermissionFeature, type: PermissionType = 'USE'): boolean {
  const shown = useInterfaceToggle(toggle);
  const allowed = usePermission(feature, type);
  return shown && allowed;
}

/**
 * {@link useFeatureShown} outside React, for a route loader: waits for the config and the role's
 * table (the shell's preload is already asking for both) and answers false while either fails.
 */
export async function featureShown(queryClient: QueryClient, toggle: InterfaceToggle, feature: PermissionFeature, type: PermissionType = 'USE'): Promise<boolean> {
  const role = getSession().user?.role;
  if (!role) return false;
  const [shown, table] = await Promise.all([interfaceShown(queryClient, toggle), queryClient.ensureQueryData(roleQuery(role)).catch(() => undefined)]);
  return shown && table?.permissions[feature][type] === true;
}

/** {@link useInterfaceToggle} outside React: whether the operator shows a part (shown while the config fails, as there). */
export async function interfaceShown(queryClient: QueryClient, toggle: InterfaceToggle): Promise<boolean> {
  const config = await queryClient.ensureQueryData(startupConfigQuery).catch(() => undefined);
  return config?.interface[toggle] !== false;
}
