/**
 * The KMS key that seals repository tokens: rotated, and usable by the repositories group's
 * function only, which is told its id (REPOSITORY_KMS_KEY_ID).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cfn, iamStatements, logicalId, type Synthesized, synthWorkspace } from './helpers';

let s: Synthesized;
let functions: Record<string, Cfn>;

beforeAll(() => {
  s = synthWorkspace(
    { stage: 'dev' },
    { bundle: false, webDistPath: join(import.meta.dirname, 'no-such-web-dist') },
  );
  functions = Object.fromEntries(
    Object.entries(s.template.findResources('AWS::Lambda::Function')).filter(([, f]) =>
      String((f as Cfn).Properties.Description ?? '').startsWith('Endpoint group '),
    ),
  );
}, 60_000);

afterAll(() => rmSync(s.outdir, { recursive: true, force: true }));

const keyId = () => logicalId(s.stack, s.stack.repositorySecrets.key);
const refersToKey = (value: Cfn) => JSON.stringify(value).includes(`"${keyId()}"`);

describe('repository token key', () => {
  it('is a rotated KMS key', () => {
    s.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    expect(s.template.toJSON().Resources[keyId()].Type).toBe('AWS::KMS::Key');
  });

  it('is named to the repositories function, and to the pipelines function that opens tokens for runs', () => {
    const named = Object.values(functions).filter((f) =>
      refersToKey((f as Cfn).Properties.Environment?.Variables?.REPOSITORY_KMS_KEY_ID ?? null),
    );
    expect(named.map((f) => (f as Cfn).Properties.Description).sort()).toEqual([
      'Endpoint group pipelines',
      'Endpoint group repositories',
    ]);
  });

  it('may seal with the repositories function role only, and open with the pipelines one too', () => {
    const roleOf = (group: string) =>
      (
        Object.values(functions).find(
          (f) => (f as Cfn).Properties.Description === `Endpoint group ${group}`,
        ) as Cfn
      ).Properties.Role['Fn::GetAtt'][0] as string;
    const grants = iamStatements(s.template).filter((st) => st.Resource.some(refersToKey));
    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants) {
      const policy = s.template.toJSON().Resources[grant.policy];
      const roles = JSON.stringify(policy.Properties.Roles);
      if (roles === JSON.stringify([{ Ref: roleOf('pipelines') }])) {
        expect(grant.Action).toEqual(expect.arrayContaining(['kms:Decrypt']));
        expect(JSON.stringify(grant.Action)).not.toContain('kms:Encrypt');
        continue;
      }
      expect(roles, grant.policy).toBe(JSON.stringify([{ Ref: roleOf('repositories') }]));
      expect(grant.Action).toEqual(expect.arrayContaining(['kms:Decrypt', 'kms:Encrypt']));
    }
  });
});
