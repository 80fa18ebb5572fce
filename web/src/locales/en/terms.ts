export const terms = {
  title: 'Terms and Conditions',
  intro: 'Please read and accept the terms to continue using {{appTitle}}.',
  accept: 'I accept',
  decline: 'Decline',
  acceptFailed: 'Failed to accept terms',
} as const;
