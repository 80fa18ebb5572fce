/** `{{name}}` placeholders: any text but braces, trimmed; the same name twice is one variable. */
const PLACEHOLDER = /\{\{([^{}]+?)\}\}/g;

/** The distinct variable names of a prompt, in the order they first appear. */
export function promptVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim();
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The prompt with every placeholder replaced by its value (a name without a value stays as written). */
export function fillPrompt(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, raw: string) => values[raw.trim()] ?? whole);
}
