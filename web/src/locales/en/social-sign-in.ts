/** Social and OpenID sign-in: why a sign-in through a provider came back to /login (decision 0010). */
export const socialSignIn = {
  errors: {
    oauth_failed: 'We couldn’t complete your sign-in with that provider. Please try again.',
    oauth_denied: 'Sign-in was cancelled at the provider. You can try again, or sign in with your e-mail.',
    email_unverified: 'Your provider didn’t confirm your e-mail address. Verify it with them, then try again.',
    signup_code_required: 'There’s no Meld account for that e-mail yet. Enter your pilot access code on Sign up first, then continue with your provider.',
    registration_closed: 'There’s no Meld account for that e-mail, and registration is closed right now.',
    provider_disabled: 'That sign-in option isn’t available.',
    banned: 'Your account has been temporarily banned due to violations of our service.',
    account_exists:
      'A Meld account already uses that e-mail, but its address was never confirmed, so it can’t be joined to this sign-in. Sign in with that account’s password, then link the provider under Settings → Account. If it isn’t your account, reset its password from Forgot password.',
    identity_in_use: 'That provider account already signs in to another Meld account, so it wasn’t linked to this one.',
  },
} as const;
