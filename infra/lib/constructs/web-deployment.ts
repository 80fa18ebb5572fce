import { Duration } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebDeploymentProps {
  /** The Vite build output (web/dist). */
  distPath: string;
  bucket: IBucket;
}

/** Files of the web build that never reach the site bucket. */
const UNPUBLISHED_FILES = ['*.map'] as const;

/**
 * Uploads the web build. Vite's hashed files under assets/ never change, so browsers and
 * CloudFront keep them for a year; everything else (index.html above all) is revalidated on
 * every request, which is why no CloudFront invalidation is needed after a deploy.
 */
export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    // Source maps hold the full source text: never published (issue 21), even from a build that left them in dist.
    const source = Source.asset(props.distPath, { exclude: [...UNPUBLISHED_FILES] });

    const assets = new BucketDeployment(this, 'HashedAssets', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      // Keep the previous release's assets: pages already open in a browser still load them.
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });

    const pages = new BucketDeployment(this, 'Pages', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.seconds(0)), CacheControl.mustRevalidate()],
    });
    // A new index.html must never point at assets that are not uploaded yet.
    pages.node.addDependency(assets);
    // Both deployments share one singleton handler, which already has the first one's AWS CLI
    // layer; the second deployment's copy would be an unused LayerVersion.
    pages.node.tryRemoveChild('AwsCliLayer');
  }
}
