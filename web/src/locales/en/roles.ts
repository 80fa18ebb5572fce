/** Roles and permissions (issue 11): the temporary-chat switch and marker, and the Admin Panel's Roles tab. */
export const roles = {
  temporary: {
    toggle: 'Temporary chat',
    hint: 'Stays out of your history and is deleted after 30 days.',
    marker: 'Temporary',
    markerHint: 'This chat stays out of your history and is deleted on {{date}}.',
  },
  admin: {
    intro: 'What each role may do with prompts and agents. Members see the change the next time they load Meld; the server enforces it at once.',
    listLabel: 'Roles',
    loadError: 'Failed to fetch the permissions of this role',
    saved: '{{role}}: {{feature}} permissions saved',
    saveFailed: 'Could not save the permissions: {{message}}',
    role: {
      ADMIN: 'Admins',
      USER: 'Members',
      MENTOR: 'Mentors',
    },
    roleHint: {
      ADMIN: 'Everything is allowed unless you turn it off here.',
      USER: 'Everyone in the pilot programme.',
      MENTOR: 'Invited mentors.',
    },
    feature: {
      PROMPTS: 'Prompts',
      AGENTS: 'Agents',
    },
    type: {
      USE: 'Use',
      CREATE: 'Create',
      SHARED_GLOBAL: 'Share with everyone',
    },
    switchLabel: '{{role}}: {{feature}}: {{type}}',
  },
} as const;
