export const shell = {
  skipToContent: 'Skip to content',
  newChat: 'New chat',
  nav: {
    label: 'Main navigation',
    open: 'Open navigation',
    close: 'Close navigation',
    groups: { home: 'Home', mentor: 'Mentor', library: 'Library', me: 'Me' },
    items: {
      today: 'Today',
      log: 'Log',
      mentorFeed: 'Mentor Feed',
      chats: 'Chats',
      fragments: 'Fragments',
      northStar: 'North-Star Map',
      winsVault: 'Wins Vault',
      me: 'Me',
    },
  },
  userMenu: {
    label: 'Account menu for {{name}}',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    themeDark: 'Dark theme',
    themeLight: 'Light theme',
    themeHint: 'Ctrl+Shift+T',
  },
} as const;
