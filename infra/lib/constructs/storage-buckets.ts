import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type LifecycleRule } from 'aws-cdk-lib/aws-s3';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { AUDIO_TRANSCRIPT_PREFIX, FILE_UPLOAD_PREFIX } from '@meld/shared';
import type { BucketName } from '../routes.ts';
import { acknowledgeRule, NAG_BASIC_EXECUTION_POLICY } from '../rule-pack.ts';

const privateBucket = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
} as const;

/** Where each service writes its access logs in the access-log bucket. */
export const ACCESS_LOG_PREFIXES = { cloudfront: 'cloudfront/', files: 's3/files/', audio: 's3/audio/' } as const;

/** Private buckets: user files, audio, the web build CloudFront serves, and the access logs. */
export class StorageBuckets extends Construct {
  readonly files: Bucket;
  readonly audio: Bucket;
  readonly web: Bucket;
  readonly accessLogs: Bucket;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: { logRetention: RetentionDays; accessLogRetention: RetentionDays; keepOldVersionsDays: number },
  ) {
    super(scope, id);
    // CloudFront's standard logs and S3's server access logs, kept for the stage's access-log days.
    // CloudFront writes its logs with an ACL grant, so this bucket alone keeps ACLs enabled (the
    // bucket owner still owns every object); nothing else ever reads or writes it.
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...privateBucket,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'Expire', expiration: Duration.days(props.accessLogRetention) }],
      // The record of an incident outlives the stack, like the data it is about.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const dataBucket = (id: 'Files' | 'Audio', extraRules: LifecycleRule[] = []) =>
      new Bucket(this, id, {
        ...privateBucket,
        serverAccessLogsBucket: this.accessLogs,
        serverAccessLogsPrefix: id === 'Files' ? ACCESS_LOG_PREFIXES.files : ACCESS_LOG_PREFIXES.audio,
        // An overwritten or deleted object stays as an old version for the stage's days (a mistake,
        // or a bad deploy's deletes, can be undone: docs/operations.md, "Restore data"), then goes.
        versioned: true,
        lifecycleRules: [
          { abortIncompleteMultipartUploadAfter: Duration.days(1) },
          { id: 'OldVersions', noncurrentVersionExpiration: Duration.days(props.keepOldVersionsDays), expiredObjectDeleteMarker: true },
          ...extraRules,
        ],
        // User data outlives the stack.
        removalPolicy: RemovalPolicy.RETAIN,
      });
    // A presigned upload lands under uploads/ and its confirm copies it out (decision 0018); what is
    // left (never confirmed, or written again by a URL still valid after its confirm) is never served.
    this.files = dataBucket('Files', [{ id: 'PresignedUploads', prefix: FILE_UPLOAD_PREFIX, expiration: Duration.days(1) }]);
    // Transcribe writes each transcript here; the text is copied onto the answer the first time
    // the stage is read, so a month is ample and the files never pile up (decision 0013).
    this.audio = dataBucket('Audio', [{ id: 'TranscribeOutput', prefix: AUDIO_TRANSCRIPT_PREFIX, expiration: Duration.days(30) }]);
    // The web bucket holds only build output, so it goes with the stack.
    this.web = new Bucket(this, 'Web', { ...privateBucket, removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true });
    acknowledgeRule(this.web, 'AwsSolutions-S1', "Readers reach it only through CloudFront, whose standard logs record every request; only deployments write it, and CloudTrail records those.");
  }

  get data(): Record<BucketName, Bucket> {
    return { files: this.files, audio: this.audio };
  }

  /**
   * Browsers upload and download with presigned requests, from the site's own origins only.
   *
   * The rule is set by an S3 API call after the buckets and the distribution exist, not as the
   * bucket's CorsConfiguration: that property would make each bucket depend on the distribution,
   * which depends on the streaming functions, which name the files bucket, and CloudFormation
   * refuses such a cycle. The buckets keep no CORS property, so no stack update resets the rule.
   */
  allowBrowserAccessFrom(origins: string[]): void {
    // The calls share one provider function; its logs follow the stage's retention like every other.
    const logGroup = new LogGroup(this, 'CorsCallLogs', { retention: this.props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    for (const [name, bucket] of Object.entries(this.data)) {
      const putCors = {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: bucket.bucketName,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedMethods: [HttpMethods.PUT, HttpMethods.POST, HttpMethods.GET],
                AllowedOrigins: origins,
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: Duration.hours(1).toSeconds(),
              },
            ],
          },
        },
        physicalResourceId: PhysicalResourceId.of(`${name}-browser-cors`),
      };
      new AwsCustomResource(this, `${name[0]!.toUpperCase()}${name.slice(1)}BrowserCors`, {
        onCreate: putCors,
        onUpdate: putCors,
        policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [bucket.bucketArn] }),
        installLatestAwsSdk: false,
        logGroup,
      });
    }
    // CDK's one function per stack behind every AwsCustomResource, as CDK builds it.
    const provider = Stack.of(this).node.tryFindChild(AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '').replace(/^/, 'AWS'));
    if (provider) acknowledgeRule(provider, NAG_BASIC_EXECUTION_POLICY, 'CDK builds this function to make the S3 calls above at deploy time; it writes its own logs and may call only putBucketCors on these two buckets.');
  }
}
