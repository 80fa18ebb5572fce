import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy, type ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/**
 * A CloudFront response-headers policy sending exactly the shared definition's headers (the
 * local gateway sends the same). The headers CloudFront models itself go in its security
 * section, the rest as custom headers. Each replaces whatever the origin sent, except the CSP:
 * a response with its own, stricter policy keeps it, as it does behind the local gateway.
 */
export function securityHeadersPolicy(scope: Construct, id: string, headers: Readonly<Record<string, string>>, comment: string): ResponseHeadersPolicy {
  const security: { -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K] } = {};
  const custom: { header: string; value: string; override: boolean }[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-security-policy') security.contentSecurityPolicy = { contentSecurityPolicy: value, override: false };
    else if (name === 'strict-transport-security') security.strictTransportSecurity = hsts(value);
    else if (name === 'x-content-type-options' && value === 'nosniff') security.contentTypeOptions = { override: true };
    else if (name === 'x-frame-options') security.frameOptions = { frameOption: oneOf(Object.values(HeadersFrameOption), value, name), override: true };
    else if (name === 'referrer-policy') security.referrerPolicy = { referrerPolicy: oneOf(Object.values(HeadersReferrerPolicy), value, name), override: true };
    else custom.push({ header: name, value, override: true });
  }
  return new ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: security,
    ...(custom.length ? { customHeadersBehavior: { customHeaders: custom } } : {}),
  });
}

function hsts(value: string): NonNullable<ResponseSecurityHeadersBehavior['strictTransportSecurity']> {
  const maxAge = /max-age=(\d+)/.exec(value)?.[1];
  if (!maxAge) throw new Error(`strict-transport-security needs a max-age, got "${value}"`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge)),
    includeSubdomains: /includeSubDomains/i.test(value),
    preload: /preload/i.test(value),
    override: true,
  };
}

function oneOf<T extends string>(allowed: readonly T[], value: string, name: string): T {
  const match = allowed.find((option) => option.toLowerCase() === value.toLowerCase());
  if (!match) throw new Error(`CloudFront cannot send ${name}: ${value}`);
  return match;
}
