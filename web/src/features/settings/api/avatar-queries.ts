import { AVATAR_FILE_FIELD } from '@meld/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { getSession, setSession } from '@/lib/auth-session.ts';

/**
 * Sends the cropped picture as spec 000 asks (a file named avatar.png and `manual` "true") and
 * puts the answered url on the session's user, so every place showing the user (this tab, the
 * sidebar's menu, their chat messages, other tabs) shows the new picture at once.
 */
export function useUploadAvatar() {
  return useMutation({
    mutationKey: ['settings', 'avatar'],
    mutationFn: (picture: Blob) => {
      const form = new FormData();
      form.append(AVATAR_FILE_FIELD, picture, 'avatar.png');
      form.append('manual', 'true');
      return apiRequest('uploadAvatar', { form });
    },
    onSuccess: ({ url }) => {
      const { token, user } = getSession();
      if (token && user) setSession(token, { ...user, avatar: url });
    },
  });
}
