import type { FontSize } from '@meld/shared';
import type { ReactNode } from 'react';
import { useUserSettings } from '@/lib/user-settings.ts';

/** Spec 000 section 9: xs..xl are 0.75..1.25 rem; messages size their text in em from here. */
export const FONT_SIZE_REM: Record<FontSize, string> = { xs: '0.75rem', sm: '0.875rem', base: '1rem', lg: '1.125rem', xl: '1.25rem' };

/** The messages of a conversation in the reader's font size and direction (Chat settings). */
export function ConversationText({ children }: { children: ReactNode }) {
  const { fontSize, chatDirection } = useUserSettings();
  return (
    <div dir={chatDirection === 'RTL' ? 'rtl' : 'ltr'} style={{ fontSize: FONT_SIZE_REM[fontSize] }} className="w-full">
      {children}
    </div>
  );
}
