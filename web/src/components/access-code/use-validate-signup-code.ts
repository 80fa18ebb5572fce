import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { saveSignupCode } from '@/lib/signup-code.ts';

/** Thrown when the server answers 200 with `valid: false`; carries the server's message. */
export class InvalidCodeError extends Error {}

export function useValidateSignupCode() {
  return useMutation({
    mutationKey: ['signup-code', 'validate'],
    mutationFn: async (signupCode: string) => {
      const result = await apiRequest('validateSignupCode', { body: { signupCode } });
      if (!result.valid) throw new InvalidCodeError(result.message);
      // The server set the cookie; sessionStorage is the fallback when cookies are blocked.
      saveSignupCode(signupCode);
      return result;
    },
  });
}
