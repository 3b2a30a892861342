import { RESERVED_IDENTIFIERS } from '@shared/schemas/enterprise';

/**
 * An enterprise identifier suggested from its name: lowercase ASCII letters and digits joined by
 * single hyphens, at most 40 characters; a reserved word gets "-team" appended.
 */
export function suggestIdentifier(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  if ((RESERVED_IDENTIFIERS as readonly string[]).includes(slug)) return `${slug}-team`;
  return slug;
}
