import type { Prompt, PromptGroup } from '@meld/shared';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { updateCredentials } from '../../store/user-store.ts';
import { registerMember, signUp, type ApiClient, type Member } from '../api-test-kit.ts';

export type Created = { prompt: Prompt; group: PromptGroup };

/** Creates a group with its first version as `member`, failing loudly on anything but 200. */
export async function createGroup(member: Member, group: Record<string, unknown>, text = 'Summarise {{topic}} for {{audience}}.'): Promise<Created> {
  const response = await member.call<Created>('POST', '/api/prompts', { prompt: { prompt: text, type: 'text' }, group });
  if (response.status !== 200) throw new Error(`Creating a prompt failed: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json;
}

/**
 * A member promoted to ADMIN who signs in again, so their access token carries the role the
 * permission checks read.
 */
export async function signUpAdminMember(client: ApiClient): Promise<Member> {
  const { body, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  await updateCredentials(userId, { role: 'ADMIN', passwordHash: await hashPassword('admin-password-1'), updatedAt: new Date().toISOString() });
  const login = await client.request<{ token: string }>('POST', '/api/auth/login', { json: { email: body.email, password: 'admin-password-1' } });
  if (login.status !== 200) throw new Error(`Admin login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${login.json.token}` };
  return { userId, call: (method, path, json) => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) }) } as Member;
}

export { signUp };
