import {
  IDENTIFIER_MAX_LENGTH,
  isEnterpriseIdentifier,
  isReservedIdentifier,
} from '@shared/domain/identifier';

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

/**
 * The address preview's identifier: what was typed only when the server would take it (the shared
 * rule), so the preview never shows an address that cannot exist.
 */
export function previewIdentifier(identifier: string): string | null {
  return isEnterpriseIdentifier(identifier) ? identifier : null;
}

/**
 * What to say under the identifier when no valid one could be made from the name: a name in a
 * script without Latin letters (日本語, Ελληνικά) gives nothing to suggest, so ask for one.
 */
export function identifierHint(name: string, identifier: string): string | null {
  if (identifier !== '' || name.trim() === '') return null;
  return 'No identifier can be made from this name (it has no Latin letters or digits): type one, such as acme or team-7.';
}
