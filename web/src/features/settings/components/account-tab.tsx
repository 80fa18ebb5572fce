import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useSession } from '@/lib/use-session.ts';
import { AvatarDialog } from './avatar-dialog.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { LinkedSignIn } from './linked-sign-in.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/** Account: who is signed in, their picture (or initials) and its dialog, two-factor (password accounts), linking a sign-in provider, and deleting the account. */
export function AccountTab() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [avatarOpen, setAvatarOpen] = useState(false);
  if (!user) return null;
  const details = [
    ['name', user.name],
    ['username', user.username],
    ['email', user.email],
  ] as const;
  return (
    <div className="divide-y divide-line">
      <div className="flex items-center gap-5 py-6">
        <div className="flex shrink-0 flex-col items-center gap-1.5">
          <UserAvatar
            name={user.name || user.email}
            avatar={user.avatar}
            label={t('settings.account.pictureLabel')}
            initialsLabel={t('settings.account.avatarLabel')}
            className="size-16 font-serif text-2xl font-semibold shadow-soft"
          />
          <Button variant="quiet" size="sm" className="h-7! text-xs" onClick={() => setAvatarOpen(true)}>
            {t('settings.account.changePicture')}
          </Button>
        </div>
        <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {details
            .filter(([, value]) => value)
            .map(([field, value]) => (
              <div key={field} className="contents">
                <dt className="text-ink-faint">{t(`settings.account.${field}`)}</dt>
                <dd className="truncate font-medium text-ink">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      {user.provider === 'local' ? <TwoFactorSettings enabled={user.twoFactorEnabled} /> : null}
      <LinkedSignIn />
      <DeleteAccount email={user.email} />
      <AvatarDialog open={avatarOpen} onOpenChange={setAvatarOpen} />
    </div>
  );
}
