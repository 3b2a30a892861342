import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /**
   * The site's domain: SES verifies it (DKIM records to add to its DNS) and mail comes from
   * `no-reply@{domainName}`.
   */
  readonly domainName?: string;
  /**
   * The sender without a domain of our own: an address SES verifies by mail (context `mailFrom`).
   * @default no-reply@example.com (set a real one: SES sends from verified identities only)
   */
  readonly fromAddress?: string;
}

/**
 * Amazon SES for the mail worker (functions/src/core/mail): the sending identity, a configuration
 * set (bounces and complaints go to the account's suppression list), and the permission to send
 * from that identity through that set, granted to the functions that send (`grantSendTo`: the
 * auth group's, which runs the mail queue). No other principal gets ses:SendEmail.
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** The From address of every mail. */
  readonly fromAddress: string;

  constructor(scope: Construct, id: string, props: MailProps = {}) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.fromAddress = props.domainName
      ? `no-reply@${props.domainName}`
      : (props.fromAddress ?? 'no-reply@example.com');
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.domainName ? Identity.domain(props.domainName) : Identity.email(this.fromAddress),
      configurationSet: this.configurationSet,
    });
  }

  /** Lets `fn` send through SES from the identity in the configuration set, and tells it how. */
  grantSendTo(fn: LambdaFunction): void {
    const stack = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          stack.formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: this.identity.emailIdentityName,
          }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
    fn.addEnvironment('MAIL_TRANSPORT', 'ses');
    fn.addEnvironment('MAIL_FROM', this.fromAddress);
    fn.addEnvironment('MAIL_CONFIGURATION_SET', this.configurationSet.configurationSetName);
  }
}
