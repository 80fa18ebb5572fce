export const codeRun = {
  run: 'Run',
  running: 'Running…',
  output: 'Output',
  failed: 'The code could not run: {{reason}}',
  unreachable: 'the server could not be reached',
} as const;
