import type { LanguageFn } from 'highlight.js';

type GrammarImport = () => Promise<{ default: LanguageFn }>;

/**
 * The grammars a chat reply commonly holds, each its own small chunk fetched the first time a
 * block in that language is on screen. Unknown languages stay plain text.
 */
const GRAMMARS: Record<string, GrammarImport> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scss: () => import('highlight.js/lib/languages/scss'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

const ALIASES: Record<string, string> = {
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash',
  'c++': 'cpp', cc: 'cpp', h: 'c', hpp: 'cpp',
  cs: 'csharp', 'c#': 'csharp',
  docker: 'dockerfile',
  golang: 'go',
  toml: 'ini',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  jsonc: 'json', json5: 'json',
  kt: 'kotlin',
  make: 'makefile',
  md: 'markdown',
  ps1: 'powershell', pwsh: 'powershell',
  py: 'python', python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript',
  html: 'xml', svg: 'xml', vue: 'xml',
  yml: 'yaml',
  gql: 'graphql',
};

/** The registered grammar for a fence's language tag, or null when there is none. */
export function grammarName(language: string | null): string | null {
  if (!language) return null;
  const tag = language.toLowerCase();
  const name = ALIASES[tag] ?? tag;
  return name in GRAMMARS ? name : null;
}

export function importGrammar(name: string): Promise<{ default: LanguageFn }> {
  return GRAMMARS[name]!();
}
