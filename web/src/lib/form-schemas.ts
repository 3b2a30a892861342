import { ChangePasswordBodySchema, SignUpBodySchema } from '@shared/schemas/auth';
import { messages } from '@shared/schemas/common';
import { CreateEnterpriseBodySchema } from '@shared/schemas/enterprise';
import { RoleBodySchema } from '@shared/schemas/system';
import { z } from 'zod';

/**
 * The shared body schemas, with section 5's required message ('Please enter ${label}') for the
 * named fields when they are left empty. Some shared fields start with a length or pattern rule,
 * which reads oddly on an empty field ("login must be at least 3 characters"). Every rule for a
 * filled-in field is still the shared schema's, and so is the parsed result.
 */
export function withRequiredMessages<S extends z.ZodObject>(
  schema: S,
  labels: Partial<Record<keyof S['shape'], string>>,
): S {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, label] of Object.entries(labels) as [string, string][]) {
    const original = schema.shape[key] as z.ZodType<unknown, string>;
    shape[key] = z
      .string({ error: messages.required(label) })
      .refine((value) => value.trim() !== '', messages.required(label))
      .pipe(original);
  }
  return schema.extend(shape) as unknown as S;
}

export const SignUpFormSchema = withRequiredMessages(SignUpBodySchema, {
  login: 'login',
  email: 'email',
  password: 'password',
});

export const CreateEnterpriseFormSchema = withRequiredMessages(CreateEnterpriseBodySchema, {
  identifier: 'identifier',
});

export const RoleFormSchema = withRequiredMessages(RoleBodySchema, { roleKey: 'role key' });

/** Change password, with the new password typed twice. */
export const ChangePasswordFormSchema = withRequiredMessages(
  ChangePasswordBodySchema.extend({ confirmPassword: z.string() }),
  { newPassword: 'new password', confirmPassword: 'the new password again' },
).refine((values) => values.confirmPassword === values.newPassword, {
  path: ['confirmPassword'],
  message: 'The passwords do not match',
});
