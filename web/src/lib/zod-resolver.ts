import type { FormErrors } from '@mantine/form';
import { sentenceCase } from '@shared/schemas/common';
import type { z } from 'zod';

/**
 * Mantine form validation from a zod schema: `useForm({ validate: zodResolver(Schema) })`. Errors are
 * keyed by Mantine's field paths (`roles.0.name`); a field gets its first message only, so the
 * message shown is the one the schema checks first (`Please enter name` before a length rule).
 */
export function zodResolver<Values>(schema: z.ZodType) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = sentenceCase(issue.message);
    }
    return errors;
  };
}
