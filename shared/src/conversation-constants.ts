// Plain values the browser needs from the conversation contract. They live apart from the zod
// schemas because a bundler keeps every schema built at the top level of any module it includes
// (it cannot prove zod's builder calls pure), so one constant imported from a schema module would
// ship zod to every page.

/** LibreChat's root marker: a message whose parent is this id starts a tree. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

export const FORK_OPTIONS = ['directPath', 'includeBranches', 'targetLevel'] as const;
