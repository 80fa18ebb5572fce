export type EditCommand = 'save' | 'saveAndSubmit' | 'cancel';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

/**
 * The inline editor's shortcuts (spec 000 section 5): Ctrl/Cmd+Enter saves and submits,
 * Ctrl/Cmd+S saves, Esc cancels. Plain Enter stays a newline; keys mid-IME composition are not commands.
 */
export function editCommandFor(event: KeyLike): EditCommand | null {
  if (event.isComposing) return null;
  const mod = event.ctrlKey || event.metaKey;
  if (event.key === 'Escape' && !mod && !event.shiftKey && !event.altKey) return 'cancel';
  if (!mod || event.altKey) return null;
  if (event.key === 'Enter' && !event.shiftKey) return 'saveAndSubmit';
  if (event.key.toLowerCase() === 's' && !event.shiftKey) return 'save';
  return null;
}
