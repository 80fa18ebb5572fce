import { PROMPT_LIMITS, type PromptGroup } from '@meld/shared';

/**
 * The slash command's query: the composer's text when it is a `/` followed by up to 56 command
 * characters and nothing else; null otherwise (the popover closes once a space is typed).
 */
export function slashQuery(text: string): string | null {
  const match = /^\/([^\s/]*)$/.exec(text);
  if (!match || match[1]!.length > PROMPT_LIMITS.commandMax) return null;
  return match[1]!.toLowerCase();
}

/** Groups whose command starts with the query come first, then those whose command or name holds it. */
export function matchPrompts(groups: readonly PromptGroup[], query: string): PromptGroup[] {
  if (!query) return [...groups].sort((a, b) => Number(!a.command) - Number(!b.command) || a.name.localeCompare(b.name));
  const rank = (group: PromptGroup) => {
    if (group.command?.startsWith(query)) return 0;
    if (group.command?.includes(query)) return 1;
    return group.name.toLowerCase().includes(query) ? 2 : -1;
  };
  return groups
    .map((group) => ({ group, rank: rank(group) }))
    .filter(({ rank: value }) => value >= 0)
    .sort((a, b) => a.rank - b.rank || a.group.name.localeCompare(b.group.name))
    .map(({ group }) => group);
}
