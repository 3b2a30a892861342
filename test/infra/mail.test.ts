/**
 * Mail in the cloud: an SES identity with a configuration set, and ses:SendEmail from that
 * identity for the auth group's function only (it runs the mail queue), which is told how to send.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cfn, iamStatements, logicalId, type Synthesized, synthWorkspace } from './helpers';

let s: Synthesized;
let functions: Cfn[];

beforeAll(() => {
  s = synthWorkspace(
    { stage: 'dev' },
    { bundle: false, webDistPath: join(import.meta.dirname, 'no-such-web-dist') },
  );
  functions = Object.values(s.template.findResources('AWS::Lambda::Function')).filter((f) =>
    String((f as Cfn).Properties.Description ?? '').startsWith('Endpoint group '),
  ) as Cfn[];
}, 60_000);

afterAll(() => rmSync(s.outdir, { recursive: true, force: true }));

const configurationSetId = () => logicalId(s.stack, s.stack.mail.configurationSet);

describe('mail', () => {
  it('has an email identity in a configuration set that suppresses bounces and complaints', () => {
    s.template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    s.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: configurationSetId() } },
    });
    s.template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  it('tells the auth function, and no other, to send through SES', () => {
    const told = functions.filter((f) => f.Properties.Environment?.Variables?.MAIL_TRANSPORT === 'ses');
    expect(told.map((f) => f.Properties.Description)).toEqual(['Endpoint group auth']);
    const variables = told[0]!.Properties.Environment.Variables;
    expect(variables.MAIL_FROM).toBe('no-reply@example.com');
    expect(JSON.stringify(variables.MAIL_CONFIGURATION_SET)).toContain(configurationSetId());
  });

  it('lets only the auth function role send, from the identity through the set', () => {
    const auth = functions.find((f) => f.Properties.Description === 'Endpoint group auth')!;
    const role = auth.Properties.Role['Fn::GetAtt'][0] as string;
    const grants = iamStatements(s.template).filter((st) => st.Action.some((a) => a.startsWith('ses:')));
    expect(grants).toHaveLength(1);
    const [grant] = grants;
    expect(grant!.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(grant!.Resource)).toContain(':identity/');
    expect(JSON.stringify(grant!.Resource)).toContain(configurationSetId());
    const policy = s.template.toJSON().Resources[grant!.policy];
    expect(JSON.stringify(policy.Properties.Roles)).toBe(JSON.stringify([{ Ref: role }]));
  });
});
