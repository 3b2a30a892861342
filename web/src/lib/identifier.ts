import { IDENTIFIER_MAX_LENGTH, isReservedIdentifier } from '@shared/domain/identifier';

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
    .slice(0, IDENTIFIER_MAX_LENGTH)
    .replace(/-+$/g, '');
  if (isReservedIdentifier(slug)) return `${slug}-team`;
  return slug;
}
