import { PROMPT_COMMAND_PATTERN, PROMPT_GLOBAL_PROJECT_ID, PROMPT_LIMITS, type PromptCategory, type PromptGroup } from '@meld/shared';

/** The group's editable fields as the form holds them. */
export interface GroupValues {
  name: string;
  oneliner: string;
  category: PromptCategory | '';
  command: string;
  shared: boolean;
}

export type GroupErrors = Partial<Record<keyof GroupValues | 'prompt', string>>;

export const emptyGroupValues: GroupValues = { name: '', oneliner: '', category: '', command: '', shared: false };

export function valuesOf(group: PromptGroup): GroupValues {
  return { name: group.name, oneliner: group.oneliner, category: group.category ?? '', command: group.command ?? '', shared: group.projectIds.includes(PROMPT_GLOBAL_PROJECT_ID) };
}

/** What the command field may become as it is typed: lower case, spaces as hyphens, at most 56. */
export function normaliseCommand(raw: string): string {
  return raw.toLowerCase().replace(/\s+/g, '-').replace(/[^a-z0-9-]/g, '').slice(0, PROMPT_LIMITS.commandMax);
}

/** The browser's checks (the server makes them too): i18n keys by field. */
export function groupErrors(values: GroupValues): GroupErrors {
  const errors: GroupErrors = {};
  if (!values.name.trim()) errors.name = 'prompts.errors.nameRequired';
  if (values.command && !PROMPT_COMMAND_PATTERN.test(values.command)) errors.command = 'prompts.errors.commandInvalid';
  return errors;
}
