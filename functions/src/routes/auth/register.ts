import { ERROR_CODES, SIGNUP_CODE_COOKIE } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKeys } from '../../config/secrets.ts';
import { sendVerification, VERIFICATION_TOKEN_HOURS, VERIFY_TO_SIGN_IN_MESSAGE } from '../../domain/auth/email-verification.ts';
import { toPublicUser } from '../../domain/auth/public-user.ts';
import { register } from '../../domain/auth/registration.ts';
import { startSession } from '../../domain/auth/sessions.ts';
import { DomainError } from '../../domain/errors.ts';
import { clearSignupCodeCookie, sessionCookies } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import { linkFlowDeps } from '../../mail/link-flow-deps.ts';
import { registrationAttemptMail } from '../../mail/templates.ts';
import * as sessions from '../../store/session-store.ts';
import { attemptExpiry, putRegistrationAttempt } from '../../store/registration-attempt-store.ts';
import { consumeSignupCode, getSignupCode } from '../../store/signup-code-store.ts';
import { createUser, EmailTakenError } from '../../store/user-store.ts';

export const handler = defineHandler('register', async ({ body, cookies, ip, now, event }) => {
  const config = getAppConfig();
  if (!config.registration.enabled) throw new DomainError('forbidden', ERROR_CODES.forbidden, 'Registration is closed.');
  await enforceRateLimit(config, 'register', ip);
  const sendsVerification = config.email.enabled || config.email.requireVerification;
  const { user, taken } = await register(body, body.signup_code ?? cookies[SIGNUP_CODE_COOKIE], {
    getSignupCode,
    consumeSignupCode,
    createUser,
    isEmailTaken: (error) => error instanceof EmailTakenError,
    // With no session either way, a taken address gets the new account's answer (issue 21).
    neutralWhenTaken: config.email.requireVerification,
    now,
  });
  const links = linkFlowDeps(config, event, now);
  if (taken) {
    // Its password signs in to "verify your address", as the new account it was told of would
    // (the owner's own password first); it replaces the address's previous attempt.
    await putRegistrationAttempt(user.email, { passwordHash: user.passwordHash!, createdAt: now.toISOString(), expiresAt: attemptExpiry(now, VERIFICATION_TOKEN_HOURS) });
    // The owner hears of it, by their own name and address (the caller's name is not theirs).
    const ownerId = await links.findUserIdByEmail(user.email);
    const owner = ownerId ? await links.getUser(ownerId) : undefined;
    if (owner) await links.sendMail(registrationAttemptMail({ to: owner.email, name: owner.name, appTitle: config.appTitle, signInLink: `${links.linkBase}/login` }));
  } else if (sendsVerification) {
    await sendVerification(user, links);
  }
  // Verification required: no session until the link is followed (login answers 422 meanwhile).
  if (config.email.requireVerification) {
    return reply({ user: toPublicUser(user), message: VERIFY_TO_SIGN_IN_MESSAGE }, { status: 201, cookies: [clearSignupCodeCookie()] });
  }
  const session = await startSession(user, { sessions, jwtKeys: await getJwtKeys(), now });
  return reply(
    { token: session.accessToken, user: toPublicUser(user) },
    { status: 201, cookies: [...sessionCookies(session.refreshToken), clearSignupCodeCookie()] },
  );
});
