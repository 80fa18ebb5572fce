/**
 * The route handler folders, split in four so the suite runs in parallel test workers (each
 * file starts its own API). coverage.test.ts holds the split to every route in the table.
 */
export const AREAS = {
  accounts: ['system', 'config', 'auth', 'oauth', 'user', 'admin', 'roles', 'keys', 'balance', 'interest', 'mentor-interest', 'mentor-interview'],
  chat: ['convos', 'messages', 'search', 'tags', 'presets', 'share', 'ask', 'assistants', 'endpoints', 'tokenizer'],
  tools: ['agents', 'tools', 'prompts', 'files', 'speech'],
  programme: ['reflection', 'wins', 'interactions', 'views', 'fragments', 'north-star', 'mentor-feed', 'coach-chats'],
} as const;
