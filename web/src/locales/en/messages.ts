/** Message rendering shared by the conversation view and the public share page. */
export const messages = {
  you: 'You',
  assistant: 'Assistant',
  listLabel: 'Messages',
  siblings: {
    label: 'Response versions',
    position: '{{current}} / {{total}}',
    previous: 'Previous version',
    next: 'Next version',
  },
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy code',
  codeCopied: 'Copied',
  thinking: 'Thoughts',
  toolCall: 'Used {{name}}',
  toolCallUnnamed: 'Used a tool',
  image: 'Image',
  unfinished: "The response is incomplete; it's either still processing, was cancelled, or censored. Refresh or try a different prompt.",
  errorFallback: 'Something went wrong with this response.',
} as const;
