/**
 * A model's name as people say it, from its id: `gpt-4o-mini` → "GPT-4o mini",
 * `claude-3-5-sonnet-20241022` → "Claude 3.5 Sonnet", Bedrock's
 * `us.anthropic.claude-3-7-sonnet-20250219-v1:0` → "Claude 3.7 Sonnet". The endpoints' config
 * names models only by id, so the menu derives a label and keeps the id beside it.
 */
export function friendlyModelLabel(id: string): string {
  const core = id
    .trim()
    // Bedrock ids carry a region and the vendor in front, and a version behind.
    .replace(/^(?:[a-z]{2}\.)?(?:anthropic|meta|amazon|mistral|cohere|ai21|deepseek|writer)\./, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    // A release date or a moving alias says which build, not which model.
    .replace(/-(?:\d{8}|\d{4}-\d{2}-\d{2}|latest|0\d\d)$/, '');
  const tokens = core.split(/[-_ ]+/).filter(Boolean);
  if (!tokens.length) return id;
  const words = joinVersionNumbers(tokens);
  const [first, ...rest] = words as [string, ...string[]];
  // OpenAI writes its family glued to the version ("GPT-4o") and the variant in lower case ("mini").
  if (first.toLowerCase() === 'gpt' && rest.length) {
    const [version, ...variant] = rest as [string, ...string[]];
    return [`GPT-${version}`, ...variant.map((word) => word.toLowerCase())].join(' ');
  }
  // The o-series stays lower case: "o3 mini".
  if (/^o\d/i.test(first)) return words.map((word) => word.toLowerCase()).join(' ');
  return words.map(capitalise).join(' ');
}

/** `3`, `5` → `3.5`: ids spell a point version with a dash. */
function joinVersionNumbers(tokens: readonly string[]): string[] {
  const words: string[] = [];
  for (const token of tokens) {
    const previous = words.at(-1);
    if (previous !== undefined && /^\d{1,2}$/.test(token) && /^\d{1,2}$/.test(previous)) words[words.length - 1] = `${previous}.${token}`;
    else words.push(token);
  }
  return words;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
