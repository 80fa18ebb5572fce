import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BucketName } from '../routes.ts';

const privateBucket = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
} as const;

/** Private buckets: user files, audio, and the web build CloudFront serves. */
export class StorageBuckets extends Construct {
  readonly files: Bucket;
  readonly audio: Bucket;
  readonly web: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const dataBucket = (id: string) =>
      new Bucket(this, id, {
        ...privateBucket,
        lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
        // User data outlives the stack.
        removalPolicy: RemovalPolicy.RETAIN,
      });
    this.files = dataBucket('Files');
    this.audio = dataBucket('Audio');
    // The web bucket holds only build output, so it goes with the stack.
    this.web = new Bucket(this, 'Web', { ...privateBucket, removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true });
  }

  get data(): Record<BucketName, Bucket> {
    return { files: this.files, audio: this.audio };
  }

  /** Browsers upload and download with presigned requests, from the site's own origins only. */
  allowBrowserAccessFrom(origins: string[]): void {
    for (const bucket of Object.values(this.data)) {
      bucket.addCorsRule({
        allowedMethods: [HttpMethods.PUT, HttpMethods.POST, HttpMethods.GET],
        allowedOrigins: origins,
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: Duration.hours(1).toSeconds(),
      });
    }
  }
}
