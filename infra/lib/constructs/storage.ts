import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { type BucketGrant, EXPORT_RETENTION_DAYS, EXPORTS_PREFIX } from '../bucket-access';
import { BUCKET_ROLES, type BucketRole } from '../definitions';

export interface StorageProps {
  /**
   * Keep the buckets and their objects when the stack is deleted.
   * @default false (dev buckets are emptied and deleted with the stack)
   */
  readonly retain?: boolean;
}

/**
 * Every bucket of the product: one per role in BUCKET_ROLES (files, artifacts), reached by the
 * browser only through presigned URLs, and the private bucket the web app is served from.
 */
export class Storage extends Construct {
  /** Data buckets by role; their names reach the functions as FILES_BUCKET and ARTIFACTS_BUCKET. */
  readonly buckets: Readonly<Record<BucketRole, Bucket>>;
  /** The built web app (and api/openapi.json); read by CloudFront only, through origin access control. */
  readonly webBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps = {}) {
    super(scope, id);
    const retain = props.retain ?? false;
    const privateBucket = (bucketId: string) =>
      new Bucket(this, bucketId, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        autoDeleteObjects: !retain,
      });

    this.buckets = Object.fromEntries(
      BUCKET_ROLES.map((role) => [role, privateBucket(`${pascal(role)}Bucket`)]),
    ) as Record<BucketRole, Bucket>;
    this.webBucket = privateBucket('WebBucket');
    // Data export archives go after their retention (their records leave with the table's TTL).
    this.buckets.files.addLifecycleRule({
      id: 'ExpireDataExports',
      prefix: EXPORTS_PREFIX,
      expiration: Duration.days(EXPORT_RETENTION_DAYS),
    });
  }

  /**
   * Lets pages served from these origins PUT, POST, GET and HEAD data-bucket objects directly
   * with presigned URLs and POST policies (uploads and downloads skip the Lambda and its 6 MB
   * payload limit; the knowledge base uploads with presigned POST).
   * S3 allows one `*` per origin, so `https://*.example.com` covers the tenant subdomains.
   */
  allowBrowserAccessFrom(origins: string[]): void {
    for (const bucket of Object.values(this.buckets)) {
      bucket.addCorsRule({
        allowedOrigins: origins,
        allowedMethods: [HttpMethods.PUT, HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
        // Presigned PUTs carry Content-Type and the signed x-amz-* headers.
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: Duration.hours(1).toSeconds(),
      });
    }
  }

  /** Grants one bucket permission (see GROUP_BUCKET_ACCESS) on that bucket's objects only. */
  grant(grantee: IGrantable, { bucket, access, keys = '*' }: BucketGrant): Grant {
    const target = this.buckets[bucket];
    return access === 'read' ? target.grantRead(grantee, keys) : target.grantReadWrite(grantee, keys);
  }
}

function pascal(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
