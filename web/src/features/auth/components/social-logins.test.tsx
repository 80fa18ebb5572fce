import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { testConfig } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { SocialLogins } from './social-logins.tsx';

function renderButtons(overrides: Parameters<typeof testConfig>[0]) {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <SocialLogins config={testConfig(overrides)} />
    </AppProviders>,
  );
}

describe('social sign-in buttons', () => {
  it('labels the OpenID button and shows its image as configured, pointing at the server', () => {
    const { container } = renderButtons({
      serverDomain: 'https://meld.example',
      openidLoginEnabled: true,
      openidLabel: 'Sign in with Acme SSO',
      openidImageUrl: 'https://acme.example/logo.svg',
      socialLogins: ['openid'],
    });
    const link = screen.getByRole('link', { name: 'Sign in with Acme SSO' });
    expect(link).toHaveAttribute('href', 'https://meld.example/oauth/openid');
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://acme.example/logo.svg');
  });

  it('reads "Continue with OpenID" with the provider icon when nothing is configured', () => {
    const { container } = renderButtons({ openidLoginEnabled: true, socialLogins: ['openid'] });
    expect(screen.getByRole('link', { name: 'Continue with OpenID' })).toHaveAttribute('href', '/oauth/openid');
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders nothing when no provider is on', () => {
    const { container } = renderButtons({ socialLoginEnabled: false, openidLoginEnabled: false, socialLogins: ['google', 'openid'] });
    expect(container.querySelector('a')).toBeNull();
  });
});
