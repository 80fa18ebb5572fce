import { getAppConfig } from '../../config/app-config.ts';
import { getUserKeySecret } from '../../config/secrets.ts';
import { keysFromSecret } from '../../crypto/envelope.ts';
import type { UserKeyDeps } from '../../domain/keys/user-keys.ts';
import { availableEndpoints } from '../../providers/llm/endpoints.ts';
import * as store from '../../store/user-key-store.ts';

/** The real collaborators of the user-key domain; the chat pipeline passes these to `userKeyForEndpoint`. */
export const userKeyDeps: UserKeyDeps = {
  store,
  encryptionKeys: async () => keysFromSecret(await getUserKeySecret()),
  endpoints: () => availableEndpoints(getAppConfig().endpoints),
};
