import { Duration, Fn } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { cloudFrontPathPattern } from '../routes.ts';

export interface StreamOrigin {
  /** The route path, `{param}` placeholders included. */
  path: string;
  url: IFunctionUrl;
}

export interface SiteDistributionProps {
  webBucket: IBucket;
  api: HttpApi;
  streams: readonly StreamOrigin[];
}

/**
 * Paths without a file extension are app routes: the SPA's index.html answers them. Done at the
 * edge rather than with distribution-wide error responses, which would also turn the API's own
 * 403s and 404s into index.html with a 200.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The one public entry point: web app, HTTP API and streaming Function URLs on one origin. */
export class SiteDistribution extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    // Dynamic responses: never cached, every method, all viewer headers (Authorization,
    // X-Meld-Authorization, x-amz-content-sha256), cookies and query strings; Host is left out
    // because API Gateway and Lambda route on their own host names.
    const dynamic = {
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
    } satisfies Omit<BehaviorOptions, 'origin'>;

    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    });

    // One origin access control signs every streaming origin request (SigV4, always).
    const streamAccess = props.streams.length > 0 ? new FunctionUrlOriginAccessControl(this, 'StreamAccess') : undefined;
    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    // Streaming paths first: CloudFront takes the first matching pattern, and they sit under /api/*.
    for (const stream of props.streams) {
      additionalBehaviors[cloudFrontPathPattern(stream.path)] = {
        ...dynamic,
        origin: FunctionUrlOrigin.withOriginAccessControl(stream.url, {
          originAccessControl: streamAccess,
          // The wait for the next byte: a model may think for a while before its first token.
          readTimeout: Duration.seconds(60),
        }),
      };
    }
    additionalBehaviors['/api/*'] = { ...dynamic, origin: apiOrigin };
    additionalBehaviors['/health'] = { ...dynamic, origin: apiOrigin };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Meld: web app, API and streams',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors,
    });
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
