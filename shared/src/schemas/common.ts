import * as z from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/api';
import { isHttpUrl } from '../domain/http-url';

export { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, ERROR_CODE, MAX_PAGE_SIZE, SHOW_TYPE } from '../constants/api';

/**
 * The one error shape of the API. HTTP status carries the class of failure (400, 401, 403, 404,
 * 409, 413, 429, 500); the body always says `success: false` with a message naming the problem.
 */
export const ApiErrorSchema = z
  .object({
    success: z.literal(false),
    errorCode: z.string(),
    errorMessage: z.string(),
    showType: z.number().int(),
    data: z.unknown().optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Every successful response: `{ success: true, data }`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const PageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/**
 * A message as people read it: first letter upper case ("Title must be at most 200 characters"),
 * however the schema wrote it (many name the field first: `title must be ...`).
 */
export function sentenceCase(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * The most characters a text field of a schema takes (`text('title', 200)` gives 200), so a form
 * caps the input where it is typed with the very limit the server checks.
 */
export function maxLengthOf(field: z.ZodType): number | undefined {
  let inner: z.ZodType = field;
  // `.optional()`, `.required()` and `.nullable()` wrap the string; its limit is inside.
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodNonOptional ||
    inner instanceof z.ZodNullable
  ) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
}

/** Section 5's default form messages, used by both the server (400 messages) and forms. */
export const messages = {
  required: (label: string) => `Please enter ${label}`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min} characters`,
  pattern: (label: string, rule: string) => `${label} ${rule}`,
};

/** A required, trimmed text field with the section-5 messages. */
export function text(label: string, max: number, min = 1) {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(min, min <= 1 ? messages.required(label) : messages.tooShort(label, min))
    .max(max, messages.tooLong(label, max));
}

/** An optional text field that may be empty. */
export function optionalText(label: string, max: number) {
  return z.string().trim().max(max, messages.tooLong(label, max)).optional();
}

/**
 * A stored address: trimmed, absolute http(s) only (domain/http-url.ts says why). Every URL field
 * of a request uses this, never `z.url()`, which lets any scheme through. `problem` replaces the
 * default message for a field that explains its form (`The clone URL must be an address like ...`).
 */
export function httpUrl(label: string, max: number, problem = `${label} must be an http(s) address`) {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.tooLong(label, max))
    .refine(isHttpUrl, problem);
}

/** Optimistic-concurrency version carried by every editable item. */
export const VersionSchema = z.number({ error: 'Please enter version' }).int().min(1);

export const IdParamSchema = z.object({ id: z.string().min(1).max(64) });

/** A required id in a body or query, with the section-5 messages. */
export const IdSchema = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .min(1, messages.required(label))
    .max(64, messages.tooLong(label, 64));

/** A calendar day `YYYY-MM-DD`, or null to clear it. */
export const DateSchema = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-11-21`)
    // Date.parse rolls 2026-02-30 over to March, so the parsed day must print back the same.
    .refine((v) => {
      const parsed = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === v;
    }, `${label} is not a real date`)
    .nullable();

/** One of the four priority levels of section 9 (1 urgent ... 4 low). */
export const PrioritySchemaOf = () =>
  z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: 'priority must be 1 (urgent), 2 (high), 3 (normal) or 4 (low)',
  });
