export const share = {
  loading: 'Loading the shared conversation…',
  notFound: 'Shared link not found',
  notFoundHint: 'It may have been deleted by its owner, or the address may be incomplete.',
  sharedOn: 'Shared conversation',
  footer: {
    label: 'Site',
    credit: '{{appTitle}}: conversations worth keeping',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    newTab: '(opens in a new tab)',
  },
} as const;
