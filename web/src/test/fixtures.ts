import type { PublicUser, StartupConfig } from '@meld/shared';

export const testUser: PublicUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  avatar: null,
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  termsAccepted: true,
  profile: { whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
};

export function testConfig(overrides: Partial<StartupConfig> = {}): StartupConfig {
  return {
    appTitle: 'Meld',
    serverDomain: '',
    emailLoginEnabled: true,
    registrationEnabled: true,
    emailEnabled: false,
    passwordResetEnabled: true,
    openidLoginEnabled: false,
    openidAutoRedirect: false,
    openidLabel: '',
    openidImageUrl: '',
    socialLoginEnabled: false,
    socialLogins: ['google', 'facebook', 'openid', 'github', 'discord', 'apple'],
    googleLoginEnabled: false,
    facebookLoginEnabled: false,
    githubLoginEnabled: false,
    discordLoginEnabled: false,
    appleLoginEnabled: false,
    ldapLoginEnabled: false,
    searchEnabled: false,
    termsAcceptanceRequired: false,
    coachAvailable: true,
    chatModelAvailable: true,
    interface: {
      privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
      termsOfService: { externalUrl: 'https://example.com/terms', openNewTab: false },
    },
    ...overrides,
  };
}
