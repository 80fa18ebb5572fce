import type { ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SIGNED_IN_HOME } from '@/app/guards.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { AccountTab } from '../components/account-tab.tsx';
import { ArtifactsTab } from '../components/artifacts-tab.tsx';
import { ChatTab } from '../components/chat-tab.tsx';
import { CommandsTab } from '../components/commands-tab.tsx';
import { DataTab } from '../components/data-tab.tsx';
import { GeneralTab } from '../components/general-tab.tsx';
import { SpeechTab } from '../components/speech-tab.tsx';
import { panelId, SettingsTabList, tabId } from '../components/settings-tabs.tsx';
import { findSettingsTab, visibleSettingsTabs, type SettingsTabId } from '../lib/settings-tabs.ts';

const panels: Partial<Record<SettingsTabId, ComponentType>> = { general: GeneralTab, chat: ChatTab, speech: SpeechTab, artifacts: ArtifactsTab, data: DataTab, account: AccountTab, commands: CommandsTab };

/** react-router keeps the position in the session history; 0 means this page was opened directly. */
function hasPreviousPage(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * /settings/:tab: the settings dialog over the shell. Tabs replace the history entry, so closing
 * (Escape, the close button, a click outside) goes back to the page it was opened from.
 */
export function Component() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useMediaQuery('(min-width: 640px)');
  const tabs = visibleSettingsTabs();
  const active = findSettingsTab(tab);

  if (!active) return <Navigate to={`/settings/${tabs[0]?.id ?? 'general'}`} replace />;
  const Panel = panels[active];

  const close = () => {
    if (hasPreviousPage()) void navigate(-1);
    else void navigate(SIGNED_IN_HOME, { replace: true });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={t('settings.title')}
      description={t('settings.description')}
      hideDescription
      size="xl"
      className="h-[92dvh] sm:h-[36rem]"
    >
      <div className="flex min-h-0 flex-1 flex-col pt-2 sm:flex-row">
        <SettingsTabList tabs={tabs} active={active} vertical={wide} onSelect={(id) => void navigate(`/settings/${id}`, { replace: true, state: location.state })} />
        <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-6 pb-6 outline-none sm:px-8">
          {Panel ? <Panel /> : null}
        </div>
      </div>
    </Modal>
  );
}
