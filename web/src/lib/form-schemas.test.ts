import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  CreateEnterpriseFormSchema,
  RoleFormSchema,
  SignUpFormSchema,
} from './form-schemas';
import { zodResolver } from './zod-resolver';

describe('form schemas', () => {
  it("ask for empty required fields with 'Please enter <label>'", () => {
    expect(zodResolver(SignUpFormSchema)({ login: '', email: '', nickname: '', password: '' })).toEqual({
      login: 'Please enter login',
      email: 'Please enter email',
      nickname: 'Please enter nickname',
      password: 'Please enter password',
    });
    expect(
      zodResolver(CreateEnterpriseFormSchema)({ name: 'Acme', identifier: ' ', description: '' }),
    ).toEqual({
      identifier: 'Please enter identifier',
    });
    expect(
      zodResolver(RoleFormSchema)({ roleName: 'Dev', roleKey: '', remark: '', permissions: [] }),
    ).toEqual({ roleKey: 'Please enter role key' });
  });

  it('keep the shared rules for filled-in fields', () => {
    const validate = zodResolver(CreateEnterpriseFormSchema);
    expect(validate({ name: 'Acme', identifier: 'a', description: '' })).toEqual({
      identifier: 'Identifier must be at least 2 characters',
    });
    expect(validate({ name: 'Acme', identifier: 'admin', description: '' })).toEqual({
      identifier: 'Identifier is reserved; choose another',
    });
    expect(validate({ name: 'Acme', identifier: 'acme', description: '' })).toEqual({});
    expect(
      zodResolver(SignUpFormSchema)({ login: 'Ab', email: 'x', nickname: 'N', password: 'short' }),
    ).toEqual({
      login: 'Login must be at least 3 characters',
      email: 'Email must be a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('parse to what the shared schema parses to', () => {
    expect(
      SignUpFormSchema.parse({ login: ' Bob ', email: 'b@x.io', nickname: ' Bob ', password: 'password-1' }),
    ).toEqual({
      login: 'bob',
      email: 'b@x.io',
      nickname: 'Bob',
      password: 'password-1',
    });
  });

  it('check that the new password was typed the same twice', () => {
    const validate = zodResolver(ChangePasswordFormSchema);
    expect(
      validate({ oldPassword: 'old', newPassword: 'password-1', confirmPassword: 'password-2' }),
    ).toEqual({
      confirmPassword: 'The passwords do not match',
    });
    expect(
      validate({ oldPassword: 'old', newPassword: 'password-1', confirmPassword: 'password-1' }),
    ).toEqual({});
  });
});
