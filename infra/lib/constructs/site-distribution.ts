import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  FunctionUrlOriginAccessControl,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { acknowledgeRule } from '../rule-pack.ts';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ARTIFACT_FRAME_PATH, artifactFrameHeaders, htmlEntryRewriteFunction, ORIGIN_KEY_HEADER, securityHeaders } from '@meld/shared';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { DomainSettings } from '../stage.ts';
import { cloudFrontPathPattern } from '../routes.ts';
import { securityHeadersPolicy } from './security-headers-policy.ts';

export interface StreamOrigin {
  /** The route path, `{param}` placeholders included. */
  path: string;
  url: IFunctionUrl;
}

export interface SiteDistributionProps {
  webBucket: IBucket;
  /** Where API requests go: the API's origin domain, or its `execute-api` host (MeldHttpApi.originHost). */
  apiOriginHost: string;
  streams: readonly StreamOrigin[];
  /** Paths of the routes the HTTP API serves, `{param}` placeholders included. */
  apiPaths: readonly string[];
  /** Sent to the API and stream origins, so the functions can tell CloudFront from a direct caller. */
  originKey: ISecret;
  /** Origins of the buckets the browser uploads to and downloads from directly (the CSP's). */
  storageOrigins?: readonly string[];
  /** Origins of pages the app frames (the newsletter form from the app config). */
  frameOrigins?: readonly string[];
  /** The AWS WAF web ACL (CLOUDFRONT scope) in front of everything. */
  webAclArn: string;
  /** The operator's own domain and its certificate, instead of the cloudfront.net name. */
  domain?: DomainSettings;
  /** Where CloudFront's standard logs go (one line per viewer request), under `logPrefix`. */
  logBucket: IBucket;
  logPrefix: string;
}

/** CloudFront's `*` matches any characters, slashes included. */
function patternMatches(pattern: string, path: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The HTTP API routes a streaming pattern would capture: the pattern of `/api/ask/{endpoint}`
 * also matches `/api/ask/{endpoint}/abort`, so that route needs its own, earlier behaviour.
 */
export function shadowedApiPatterns(streamPaths: readonly string[], apiPaths: readonly string[]): string[] {
  const streams = streamPaths.map(cloudFrontPathPattern);
  return apiPaths.map(cloudFrontPathPattern).filter((api) => streams.some((stream) => patternMatches(stream, api)));
}

/**
 * Paths without a file extension are pages: each is answered by its HTML document (the public
 * share page by share.html, every other page by the app's index.html), from the one table in
 * @meld/shared that the local server reads too. Done at the edge rather than with
 * distribution-wide error responses, which would also turn the API's own 403s and 404s into
 * index.html with a 200.
 */
export const PAGE_REWRITE = htmlEntryRewriteFunction();

/** The one public entry point: web app, HTTP API and streaming Function URLs on one origin. */
export class SiteDistribution extends Construct {
  readonly distribution: Distribution;
  /** The host users reach: the operator's domain, or CloudFront's own name without one. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    // The shared definition (the local gateway sends the same). Every behaviour uses it, so the
    // HTTP API's and the streaming Function URLs' responses carry it too: they reach browsers
    // only through CloudFront.
    const headers = securityHeadersPolicy(this, 'SecurityHeaders', securityHeaders({ storageOrigins: props.storageOrigins ?? [], frameOrigins: props.frameOrigins ?? [] }), 'Meld: app security headers');

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(PAGE_REWRITE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve each page its HTML document (share.html or index.html)',
    });

    // Dynamic responses: never cached, every method, all viewer headers (Authorization,
    // X-Meld-Authorization, x-amz-content-sha256), cookies and query strings; Host is left out
    // because API Gateway and Lambda route on their own host names.
    const dynamic = {
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: headers,
    } satisfies Omit<BehaviorOptions, 'origin'>;

    // A CloudFormation dynamic reference: CloudFront gets the value at deploy time; the template,
    // synth output and CloudFormation's records hold only the reference. CloudFront replaces a
    // viewer's header of the same name, so it cannot be supplied from outside.
    const customHeaders = { [ORIGIN_KEY_HEADER]: props.originKey.secretValue.unsafeUnwrap() };
    const apiOrigin = new HttpOrigin(props.apiOriginHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders,
    });

    // One origin access control signs every streaming origin request (SigV4, always).
    const streamAccess = props.streams.length > 0 ? new FunctionUrlOriginAccessControl(this, 'StreamAccess') : undefined;
    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    // CloudFront takes the first matching pattern: API routes a stream pattern would swallow come first.
    const streamPaths = props.streams.map((stream) => stream.path);
    for (const pattern of shadowedApiPatterns(streamPaths, props.apiPaths)) additionalBehaviors[pattern] = { ...dynamic, origin: apiOrigin };
    // Then the streaming paths, ahead of the /api/* catch-all they sit under.
    for (const stream of props.streams) {
      additionalBehaviors[cloudFrontPathPattern(stream.path)] = {
        ...dynamic,
        origin: FunctionUrlOrigin.withOriginAccessControl(stream.url, {
          originAccessControl: streamAccess,
          // IAM already proves these came through CloudFront; the key lets the kit treat them alike.
          customHeaders,
          // The wait for the next byte: a model may think for a while before its first token.
          readTimeout: Duration.seconds(60),
        }),
      };
    }
    additionalBehaviors['/api/*'] = { ...dynamic, origin: apiOrigin };
    additionalBehaviors['/health'] = { ...dynamic, origin: apiOrigin };
    // Social sign-in's browser navigations (decision 0010) are API routes outside /api.
    if (props.apiPaths.some((path) => path.startsWith('/oauth/'))) additionalBehaviors['/oauth/*'] = { ...dynamic, origin: apiOrigin };

    // The artifact preview's page: the only file the app may frame, with its own policy (decision 0022).
    const webOrigin = S3BucketOrigin.withOriginAccessControl(props.webBucket);
    additionalBehaviors[ARTIFACT_FRAME_PATH] = {
      origin: webOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeadersPolicy(this, 'ArtifactFrameHeaders', artifactFrameHeaders(), 'Meld: artifact preview frame headers'),
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Meld: web app, API and streams',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors,
      webAclId: props.webAclArn,
      // A line per request: time, viewer address, path, status, CloudFront's request id. Query
      // strings are logged (search terms), cookies are not (the refresh token).
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: props.logPrefix,
      logIncludesCookies: false,
      ...(props.domain
        ? {
            domainNames: [props.domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            // Browsers of the last decade speak TLS 1.2; older versions have known attacks. (The
            // cloudfront.net name cannot be held to this: README, "Deploying".)
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    acknowledgeRule(this.distribution, 'AwsSolutions-CFR1', 'Members may sign in from anywhere they travel; the firewall (IP reputation, per-address rates, bad inputs) guards every request instead of a country list.');
    if (!props.domain) {
      acknowledgeRule(this.distribution, 'AwsSolutions-CFR4', "The cloudfront.net name uses CloudFront's own certificate, whose policy cannot be raised above TLSv1; with the operator's domain it is TLSv1.2_2021 (README, \"Deploying\").");
    }
    this.domainName = props.domain?.domainName ?? this.distribution.distributionDomainName;
    if (props.domain?.hostedZone) this.addAliasRecords(props.domain.domainName, props.domain.hostedZone);
  }

  get url(): string {
    return `https://${this.domainName}`;
  }

  private addAliasRecords(domainName: string, zone: { id: string; name: string }): void {
    const hostedZone = HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: zone.id, zoneName: zone.name });
    const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    new ARecord(this, 'AliasV4', { zone: hostedZone, recordName: domainName, target });
    new AaaaRecord(this, 'AliasV6', { zone: hostedZone, recordName: domainName, target });
  }
}
