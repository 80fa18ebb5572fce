import type { Message } from '@meld/shared';
import clsx from 'clsx';
import { useMemo, type ReactNode } from 'react';
import { ArtifactPanel } from './artifact-panel.tsx';
import { ArtifactHostContext, useArtifactSelection } from './artifact-store.ts';

/**
 * A conversation with the artifact side panel: cards inside may open it, and while it is open on
 * a wide screen the conversation makes room for it on the right.
 */
export function ArtifactWorkspace({ conversationId, messages, children }: { conversationId: string; messages: readonly Message[]; children: ReactNode }) {
  const selection = useArtifactSelection(conversationId);
  const host = useMemo(() => ({ conversationId }), [conversationId]);
  return (
    <ArtifactHostContext.Provider value={host}>
      <div className={clsx('transition-[margin] duration-200', selection && 'md:mr-[min(48vw,56rem)]')}>{children}</div>
      {selection ? <ArtifactPanel conversationId={conversationId} selection={selection} messages={messages} /> : null}
    </ArtifactHostContext.Provider>
  );
}
