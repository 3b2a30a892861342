import { CreateEnterpriseBodySchema } from '@shared/schemas/enterprise';
import { RoleBodySchema } from '@shared/schemas/system';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from './zod-resolver';

describe('zodResolver', () => {
  it('returns no errors for valid values', () => {
    const validate = zodResolver(CreateEnterpriseBodySchema);
    expect(validate({ name: 'Acme', identifier: 'acme', description: '' })).toEqual({});
  });

  it("gives section 5's required message ('Please enter <label>') under the field", () => {
    const validate = zodResolver(CreateEnterpriseBodySchema);
    expect(validate({ name: '  ', identifier: 'acme', description: '' })).toEqual({
      name: 'Please enter name',
    });
  });

  it('keeps only the first message of a field, starting with a capital', () => {
    const schema = z.object({ code: z.string().min(3, 'too short').regex(/^\d+$/, 'digits only') });
    expect(zodResolver(schema)({ code: 'a' })).toEqual({ code: 'Too short' });
  });

  it("reports every failing field, keyed by Mantine's dotted paths", () => {
    const schema = z.object({ people: z.array(z.object({ name: z.string().min(1, 'Please enter name') })) });
    expect(zodResolver(schema)({ people: [{ name: 'a' }, { name: '' }] })).toEqual({
      'people.1.name': 'Please enter name',
    });
    const errors = zodResolver(RoleBodySchema)({
      roleName: '',
      roleKey: '1x',
      remark: '',
      permissions: ['nope'],
    });
    expect(Object.keys(errors).sort()).toEqual(['permissions', 'roleKey', 'roleName']);
  });
});
