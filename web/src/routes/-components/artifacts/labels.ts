/** How the artifact library's words read on the pages (docs/artifacts.md, "Words" and "Policies"). */
import type {
  ArtifactFormat,
  ArtifactRepository,
  LayoutPolicy,
  RepositoryKind,
  RepositoryType,
  VersionPolicy,
  WritePolicy,
} from '@shared/schemas/artifacts';

export const FORMAT_LABELS: Record<ArtifactFormat, string> = {
  npm: 'npm',
  maven2: 'Maven 2',
  pypi: 'PyPI',
  raw: 'Raw',
};

export const TYPE_LABELS: Record<RepositoryType, string> = { hosted: 'Hosted', group: 'Group' };

export const KIND_LABELS: Record<RepositoryKind, string> = {
  zhipin: 'Artifact repositories',
  chanpin: 'Product repositories',
  shoukong: 'Controlled repositories',
};

/** What each kind is for, under the page's title. */
export const KIND_HINTS: Record<RepositoryKind, string> = {
  zhipin: 'Where builds and people publish packages with npm, Maven, pip or plain HTTP.',
  chanpin: 'The releases of products, promoted from artifact repositories or published directly.',
  shoukong: 'Product repositories under control: they accept promoted content only, never a direct publish.',
};

export const VERSION_POLICY_LABELS: Record<VersionPolicy, string> = {
  release: 'Release',
  snapshot: 'Snapshot',
  mixed: 'Mixed',
};

export const LAYOUT_POLICY_LABELS: Record<LayoutPolicy, string> = {
  strict: 'Strict',
  permissive: 'Permissive',
};

export const WRITE_POLICY_LABELS: Record<WritePolicy, string> = {
  allow: 'Allow redeploy',
  allow_once: 'Allow once',
  deny: 'Read only',
};

/** The page of a repository: product and controlled ones open under `chanpin`. */
export function repositoryPageKind(repository: Pick<ArtifactRepository, 'kind'>): 'zhipin' | 'chanpin' {
  return repository.kind === 'zhipin' ? 'zhipin' : 'chanpin';
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** The policies in one line: "Allow once · Strict" (Maven also shows its version policy). */
export function policySummary(repository: ArtifactRepository): string {
  if (repository.type === 'group') {
    const count = repository.memberIds.length;
    return `${count} ${count === 1 ? 'member' : 'members'}, in order`;
  }
  const parts = [WRITE_POLICY_LABELS[repository.writePolicy], LAYOUT_POLICY_LABELS[repository.layoutPolicy]];
  if (repository.format === 'maven2') parts.unshift(VERSION_POLICY_LABELS[repository.versionPolicy]);
  return parts.join(' · ');
}

/** A component as people name it: `@scope/name`, `group:artifact`, or the name. */
export function componentName(format: ArtifactFormat, component: { group: string; name: string }): string {
  // npm names carry their scope already (`@acme/client`).
  if (!component.group || component.name.startsWith('@')) return component.name;
  return format === 'npm' ? `@${component.group}/${component.name}` : `${component.group}:${component.name}`;
}

/** The route of a repository's page, by its kind. */
export function repositoryPageRoute(repository: Pick<ArtifactRepository, 'kind'>) {
  return repositoryPageKind(repository) === 'zhipin'
    ? ('/$identifier/repositories/zhipin/$id' as const)
    : ('/$identifier/repositories/chanpin/$id' as const);
}

/** The route of a kind's list. */
export function kindListRoute(kind: RepositoryKind) {
  if (kind === 'chanpin') return '/$identifier/repositories/chanpin' as const;
  if (kind === 'shoukong') return '/$identifier/repositories/shoukong' as const;
  return '/$identifier/repositories' as const;
}
