import { join } from 'node:path';
import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { GroupBucketAccess } from './bucket-access';
import { Api } from './constructs/api';
import { RepositorySecrets } from './constructs/repository-secrets';
import { Storage } from './constructs/storage';
import { WorkspaceTable } from './constructs/table';
import { Web } from './constructs/web';
import { REPO_ROOT } from './paths';
import type { StageSettings } from './settings';

export interface WorkspaceStackProps extends StackProps, StageSettings {
  /**
   * The built web app to upload.
   * @default web/dist (skipped, with a warning, until it holds an index.html)
   */
  readonly webDistPath?: string;
  /**
   * Bucket permissions per endpoint group.
   * @default GROUP_BUCKET_ACCESS (infra/lib/bucket-access.ts)
   */
  readonly bucketAccess?: GroupBucketAccess;
}

/** Every AWS resource of the product, for one stage. */
export class WorkspaceStack extends Stack {
  readonly table: WorkspaceTable;
  readonly storage: Storage;
  readonly web: Web;
  readonly api: Api;
  readonly repositorySecrets: RepositorySecrets;

  constructor(scope: Construct, id: string, props: WorkspaceStackProps) {
    super(scope, id, props);
    const { stage, domain } = props;
    // Production data outlives the stack; a dev stack cleans up after itself.
    const retain = stage === 'prod';
    Tags.of(this).add('project', 'workspace');
    Tags.of(this).add('stage', stage);

    this.table = new WorkspaceTable(this, 'Table', { retain });
    this.storage = new Storage(this, 'Storage', { retain });
    this.web = new Web(this, 'Web', {
      bucket: this.storage.webBucket,
      ...(domain ? { domain } : {}),
      webDistPath: props.webDistPath ?? join(REPO_ROOT, 'web/dist'),
    });
    this.storage.allowBrowserAccessFrom(this.web.origins);
    this.api = new Api(this, 'Api', {
      table: this.table,
      storage: this.storage,
      publicOrigin: this.web.url,
      stage,
      retainLogs: retain,
      ...(props.bucketAccess ? { bucketAccess: props.bucketAccess } : {}),
    });
    this.web.routeApi(this.api.httpApi);
    // Repository tokens: sealed with a key only the repositories group's function may use.
    this.repositorySecrets = new RepositorySecrets(this, 'RepositorySecrets', { retain });
    const repositories = this.api.functions.repositories;
    if (repositories) this.repositorySecrets.grantTo(repositories);

    new CfnOutput(this, 'SiteUrl', { value: this.web.url, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', {
      value: `${this.web.url}/api`,
      description: 'The API, through CloudFront',
    });
    new CfnOutput(this, 'ApiGatewayUrl', {
      value: this.api.endpoint,
      description: 'The HTTP API itself (debugging; clients use ApiUrl)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'FilesBucketName', { value: this.storage.buckets.files.bucketName });
    new CfnOutput(this, 'ArtifactsBucketName', { value: this.storage.buckets.artifacts.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: this.storage.webBucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
