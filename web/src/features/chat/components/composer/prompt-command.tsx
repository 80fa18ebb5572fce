import type { PromptGroup } from '@meld/shared';
import clsx from 'clsx';
import { useId, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { VariableDialog } from '@/components/prompts/variable-dialog.tsx';
import { promptVariables } from '@/components/prompts/variables.ts';
import { usePromptsEnabled, useRecordPromptUse, useUsablePrompts } from '@/lib/prompt-queries.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import { matchPrompts, slashQuery } from './prompt-command-match.ts';

interface PromptCommand {
  /** Handles the popover's keys (arrows, Enter, Escape); true when the key was its. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** The popover and the variable dialog, drawn inside the composer. */
  element: ReactNode;
  /** For the textarea: the popover it controls, while open. */
  inputProps: { 'aria-controls'?: string; 'aria-activedescendant'?: string; 'aria-autocomplete'?: 'list' };
}

/**
 * The composer's slash command: `/` at the start opens the user's prompts filtered by command and
 * name; choosing one fills its variables through the dialog, then puts the text in the composer.
 */
export function usePromptCommand(text: string, setText: (text: string) => void, textarea: RefObject<HTMLTextAreaElement | null>): PromptCommand {
  const { t } = useTranslation();
  const listId = useId();
  // The member may turn the command off (Settings, Commands) to start messages with "/" freely.
  const { slashCommand } = useUserSettings();
  const enabled = usePromptsEnabled() && slashCommand;
  const query = enabled ? slashQuery(text) : null;
  const { data: groups, isPending } = useUsablePrompts(enabled && query !== null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The highlighted row belongs to one query; typing more starts again from the top.
  const [highlight, setHighlight] = useState({ query, index: 0 });
  const active = highlight.query === query ? highlight.index : 0;
  const setActive = (index: number) => setHighlight({ query, index });
  const [filling, setFilling] = useState<PromptGroup | null>(null);
  const recordUse = useRecordPromptUse();
  const matches = query === null ? [] : matchPrompts(groups ?? [], query);
  const open = query !== null && dismissed !== text && filling === null;

  const insert = (group: PromptGroup, filled: string) => {
    setFilling(null);
    recordUse.mutate(group.groupId);
    setText(filled);
    requestAnimationFrame(() => {
      const element = textarea.current;
      element?.focus();
      element?.setSelectionRange(filled.length, filled.length);
    });
  };

  const choose = (group: PromptGroup) => {
    if (promptVariables(group.productionPrompt.prompt).length > 0) setFilling(group);
    else insert(group, group.productionPrompt.prompt);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return false;
    if (event.key === 'Escape') {
      setDismissed(text);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return false;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + matches.length) % matches.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && matches[active]) {
      choose(matches[active]);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const element = (
    <>
      {open ? (
        <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-2xl border border-line bg-surface shadow-lift">
          <p className="border-b border-line px-4 py-2 text-xs font-semibold tracking-wider text-ink-faint uppercase">{t('prompts.command.heading')}</p>
          {matches.length === 0 ? (
            <p className="px-4 py-3 text-sm text-ink-soft">{isPending ? t('loading') : t('prompts.command.empty')}</p>
          ) : (
            <ul id={listId} role="listbox" aria-label={t('prompts.command.heading')} className="max-h-72 overflow-y-auto py-1">
              {matches.map((group, index) => (
                <li
                  key={group.groupId}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Keep the textarea's focus, so the keys keep working after a click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(group)}
                  className={clsx('flex cursor-pointer flex-col gap-0.5 px-4 py-2.5', index === active ? 'bg-accent-soft' : 'hover:bg-sunken')}
                >
                  <span className="flex min-w-0 items-baseline gap-2">
                    {group.command ? <span className="shrink-0 font-mono text-sm font-medium text-accent-strong">/{group.command}</span> : null}
                    <span className="truncate text-sm font-medium text-ink">{group.name}</span>
                  </span>
                  <span className="truncate text-xs text-ink-faint">{group.oneliner || group.productionPrompt.prompt}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <VariableDialog
        prompt={filling ? { name: filling.name, text: filling.productionPrompt.prompt } : null}
        onClose={() => {
          setFilling(null);
          textarea.current?.focus();
        }}
        onSubmit={(filled) => filling && insert(filling, filled)}
      />
    </>
  );

  // A text box cannot be aria-expanded: the controlled list and the active option tell the story.
  const inputProps = open && matches.length > 0 ? { 'aria-controls': listId, 'aria-activedescendant': optionId(active), 'aria-autocomplete': 'list' as const } : {};
  return { onKeyDown, element, inputProps };
}
