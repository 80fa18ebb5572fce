import type { Role } from '@meld/shared';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { updateCredentials } from '../../store/user-store.ts';
import { registerMember, type ApiClient } from '../api-test-kit.ts';

export type Answer<T> = { status: number; headers: Headers; text: string; json: T & { message?: string; code?: string; field?: string } };

/**
 * A member whose role is changed in the store, signed in again so the token carries the new role
 * (permission checks read the token's role), and a way to call the API as them.
 */
export async function memberWithRole(client: ApiClient, role: Role) {
  const { body, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  await updateCredentials(userId, { role, passwordHash: await hashPassword(body.password), updatedAt: new Date().toISOString() });
  const login = await client.request<{ token: string }>('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
  if (login.status !== 200) throw new Error(`Login failed: ${login.status} ${login.text}`);
  const token = login.json.token;
  const headers = { authorization: `Bearer ${token}` };
  const call = <T = unknown>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  return { userId, token, call };
}
