import { createContext, useContext, type ReactNode } from 'react';

/** The user's settings that change how messages look (spec 000 section 2, Chat and General tabs). */
export interface MessageDisplaySettings {
  /** Render `$…$`, `$$…$$`, `\(…\)` and `\[…\]` as math. */
  latex: boolean;
  /** Show the code a tool ran (code interpreter) expanded rather than behind a toggle. */
  showCode: boolean;
  /** Reasoning blocks start open. */
  showThinking: boolean;
  /** The user's own messages are rendered as markdown rather than plain text. */
  userMarkdown: boolean;
}

/**
 * The shared DEFAULT_USER_SETTINGS values, written out: importing that module would bring zod into
 * the share page (its schemas are built at import time). A test keeps the two equal.
 */
export const DEFAULT_DISPLAY_SETTINGS: MessageDisplaySettings = { latex: true, showCode: true, showThinking: true, userMarkdown: true };

const DisplaySettingsContext = createContext<MessageDisplaySettings>(DEFAULT_DISPLAY_SETTINGS);

/** Provided at the app level from the saved settings; without it the defaults apply. */
export function MessageDisplaySettingsProvider({ value, children }: { value: Partial<MessageDisplaySettings>; children: ReactNode }) {
  const parent = useContext(DisplaySettingsContext);
  return <DisplaySettingsContext value={{ ...parent, ...value }}>{children}</DisplaySettingsContext>;
}

export function useMessageDisplaySettings(): MessageDisplaySettings {
  return useContext(DisplaySettingsContext);
}
