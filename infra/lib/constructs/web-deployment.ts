import { Duration, type CfnResource } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledgeRule, nagArn, nagAssetBucket, NAG_BASIC_EXECUTION_POLICY } from '../rule-pack.ts';

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

    // CDK's own copying function (one per stack, shared by both deployments), as CDK builds it.
    const role = assets.handlerRole;
    const copier = role.node.scope!;
    const why = 'CDK builds this function to copy the web build from its asset bucket into the site bucket at deploy time; Meld does not call it.';
    acknowledgeRule(copier, 'AwsSolutions-L1', `${why} Its runtime is CDK's choice.`);
    acknowledgeRule(role, NAG_BASIC_EXECUTION_POLICY, `${why} It writes its own logs.`);
    for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
      acknowledgeRule(role, `AwsSolutions-IAM5[Action::${action}]`, `${why} CDK grants it read on the asset and read-write on the site bucket.`);
    }
    acknowledgeRule(role, `AwsSolutions-IAM5[Resource::${nagAssetBucket(this)}/*]`, `${why} It reads the zipped build from CDK's asset bucket.`);
    acknowledgeRule(role, `AwsSolutions-IAM5[Resource::${nagArn(role, props.bucket.node.defaultChild as CfnResource)}/*]`, `${why} It writes every file of the build into the site bucket.`);
  }
}
