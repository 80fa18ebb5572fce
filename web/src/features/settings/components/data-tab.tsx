import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ClearChats } from './clear-chats.tsx';
import { ImportConversations } from './import-conversations.tsx';
import { RevokeKeys } from './revoke-keys.tsx';
import { SettingRow } from './setting-row.tsx';
import { SharedLinksDialog } from './shared-links-dialog.tsx';
import { SpeechCache } from './speech-cache.tsx';

/** Data controls: import, shared links, revoke all keys, delete the TTS cache, delete all chats (spec 000 section 2). */
export function DataTab() {
  const { t } = useTranslation();
  const [managingLinks, setManagingLinks] = useState(false);
  return (
    <div className="divide-y divide-line">
      <ImportConversations />
      <SettingRow label={t('settings.data.shared.label')} hint={t('settings.data.shared.hint')}>
        <Button variant="secondary" size="sm" onClick={() => setManagingLinks(true)}>
          {t('settings.manage')}
        </Button>
        <SharedLinksDialog open={managingLinks} onOpenChange={setManagingLinks} />
      </SettingRow>
      <RevokeKeys />
      <SpeechCache />
      <ClearChats />
    </div>
  );
}
