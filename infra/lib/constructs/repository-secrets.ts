import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface RepositorySecretsProps {
  /**
   * Keep the key when the stack is deleted (the sealed tokens in the table need it to open).
   * @default false
   */
  readonly retain?: boolean;
}

/**
 * The KMS key that seals repository access tokens and webhook secrets
 * (functions/src/modules/repositories/secrets.ts). One function only may use it: the
 * `repositories` group's, which gets the key id as REPOSITORY_KMS_KEY_ID and Encrypt/Decrypt on
 * it; every other function, and every other principal of the account but the key's admins, has
 * no grant.
 */
export class RepositorySecrets extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: RepositorySecretsProps = {}) {
    super(scope, id);
    const retain = props.retain ?? false;
    this.key = new Key(this, 'Key', {
      description: 'Seals the access tokens and webhook secrets of connected code repositories',
      enableKeyRotation: true,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(retain ? 30 : 7),
    });
  }

  /** Lets `fn` open (not seal) secrets with the key, and tells it the key's id: the pipelines function. */
  grantOpenTo(fn: LambdaFunction): void {
    this.key.grantDecrypt(fn);
    fn.addEnvironment('REPOSITORY_KMS_KEY_ID', this.key.keyArn);
  }

  /** Lets `fn` seal and open secrets with the key, and tells it the key's id. */
  grantTo(fn: LambdaFunction): void {
    this.key.grantEncryptDecrypt(fn);
    fn.addEnvironment('REPOSITORY_KMS_KEY_ID', this.key.keyArn);
  }
}
