import { join } from 'node:path';
import { CfnOutput, RemovalPolicy, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { GroupBucketAccess } from './bucket-access';
import { Api } from './constructs/api';
import { Mail } from './constructs/mail';
import { PipelineEngine } from './constructs/pipeline-engine';
import { RepositorySecrets } from './constructs/repository-secrets';
import { Storage } from './constructs/storage';
import { WorkspaceTable } from './constructs/table';
import { Web } from './constructs/web';
import { EdgeStack, webAclArnOf } from './edge-stack';
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

/**
 * Every AWS resource of the product, for one stage, but the WAF web ACL, which CloudFront reads
 * only in us-east-1: this stack makes that one beside itself (`edge`, `Workspace-<stage>-Edge`)
 * and depends on it, so `cdk deploy Workspace-<stage>` deploys both.
 */
export class WorkspaceStack extends Stack {
  readonly table: WorkspaceTable;
  readonly storage: Storage;
  readonly web: Web;
  readonly api: Api;
  readonly repositorySecrets: RepositorySecrets;
  readonly mail: Mail;
  readonly pipelineEngine: PipelineEngine | undefined;
  readonly edge: EdgeStack;

  constructor(scope: Construct, id: string, props: WorkspaceStackProps) {
    super(scope, id, props);
    const { stage, domain } = props;
    // Production data outlives the stack; a dev stack cleans up after itself.
    const retain = stage === 'prod';
    Tags.of(this).add('project', 'workspace');
    Tags.of(this).add('stage', stage);

    this.edge = new EdgeStack(scope, `${id}-Edge`, {
      stage,
      description: `Workspace project management (${stage}): the web ACL of the distribution`,
    });
    Tags.of(this.edge).add('project', 'workspace');
    Tags.of(this.edge).add('stage', stage);
    this.addStackDependency(this.edge, 'the distribution reads its web ACL');

    this.table = new WorkspaceTable(this, 'Table', { retain });
    this.storage = new Storage(this, 'Storage', { retain });
    this.web = new Web(this, 'Web', {
      bucket: this.storage.webBucket,
      ...(domain ? { domain } : {}),
      webDistPath: props.webDistPath ?? join(REPO_ROOT, 'web/dist'),
      storageOrigins: [this.filesOrigin(domain !== undefined)],
      webAclArn: webAclArnOf(this, this.edge),
    });
    // What CloudFront's API origin sends and the functions check before they believe the
    // forwarded host (functions/src/core/http/origin.ts). Made once; a deploy never changes it.
    const frontDoor = new Secret(this, 'FrontDoorSecret', {
      description: 'Sent by CloudFront to the API (X-Origin-Verify); the functions require it',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const frontDoorSecret = frontDoor.secretValue.unsafeUnwrap();
    this.storage.allowBrowserAccessFrom(this.web.origins);
    this.api = new Api(this, 'Api', {
      table: this.table,
      storage: this.storage,
      publicOrigin: this.web.url,
      stage,
      frontDoorSecret,
      retainLogs: retain,
      ...(props.bucketAccess ? { bucketAccess: props.bucketAccess } : {}),
    });
    this.web.routeApi(this.api.httpApi, frontDoorSecret);
    // Repository tokens: sealed with a key only the repositories group's function may use.
    this.repositorySecrets = new RepositorySecrets(this, 'RepositorySecrets', { retain });
    const repositories = this.api.functions.repositories;
    if (repositories) this.repositorySecrets.grantTo(repositories);
    // Pipelines (docs/pipelines.md "Cloud engine"): CodeBuild, Step Functions and their events;
    // the function opens a repository's token (never seals one) to hand a run its checkout.
    const pipelines = this.api.functions.pipelines;
    this.pipelineEngine = pipelines
      ? new PipelineEngine(this, 'PipelineEngine', { fn: pipelines, stage, retainLogs: retain })
      : undefined;
    if (pipelines) this.repositorySecrets.grantOpenTo(pipelines);
    // Mail (docs/email.md): sent through SES by the auth group's function, which runs the mail queue.
    this.mail = new Mail(this, 'Mail', {
      domainName: domain?.domainName,
      fromAddress: this.node.tryGetContext('mailFrom'),
    });
    const auth = this.api.functions.auth;
    if (auth) this.mail.grantSendTo(auth);

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
    new CfnOutput(this, 'FrontDoorSecretArn', {
      value: frontDoor.secretArn,
      description: 'The secret CloudFront sends the API (its ARN; npm run test:localstack reads it)',
    });
  }

  /**
   * The files bucket's origin, for the pages' CSP. Exact with a custom domain. Without one the
   * site is the distribution's own domain, which the bucket's CORS names: the CSP naming the
   * bucket too would make the bucket and the distribution wait for each other, so it allows the
   * region's S3 hosts instead (scripts stay 'self' only either way).
   */
  private filesOrigin(customDomain: boolean): string {
    return customDomain
      ? `https://${this.storage.buckets.files.bucketRegionalDomainName}`
      : `https://*.s3.${this.region}.${this.urlSuffix}`;
  }
}
