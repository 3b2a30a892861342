/**
 * Code repositories: the rules web and server share. Hosts, the search kinds of spec section 9,
 * git's branch-name rule (what `git check-ref-format --branch` refuses), the branch name made
 * from a work item, and where commits and branches mention work items.
 */

/** The git hosts the product knows by name; any other smart-HTTP server is `git`. */
export const REPOSITORY_PROVIDERS = ['github', 'gitlab', 'gitea', 'bitbucket', 'codecommit', 'git'] as const;
export type RepositoryProvider = (typeof REPOSITORY_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<RepositoryProvider, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  gitea: 'Gitea / Forgejo',
  bitbucket: 'Bitbucket',
  codecommit: 'AWS CodeCommit',
  git: 'Git over HTTP',
};

/** Webhook payload formats the receiver understands (each host's push event and signature). */
export const WEBHOOK_FORMATS = ['github', 'gitlab', 'gitea'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** Spec section 9: repository search kinds. `image` is the artifact library's container repositories. */
export const REPOSITORY_KINDS = ['all', 'code', 'image'] as const;
export type RepositoryKind = (typeof REPOSITORY_KINDS)[number];

/**
 * `gitlab.acme.example` is a self-managed GitLab, but `gitlab.com.evil.example` only looks like
 * gitlab.com: a host named after a product is that product unless it continues the public
 * host's own name.
 */
const namedFor = (host: string, label: string, publicHost: string) =>
  host.startsWith(`${label}.`) && !host.startsWith(`${publicHost}.`);

/** The provider a clone URL's host suggests (the user may choose another). */
export function providerOfUrl(url: string): RepositoryProvider {
  let host = '';
  try {
    // `github.com.` (the fully qualified form) is github.com.
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return 'git';
  }
  if (host === 'github.com' || host.endsWith('.github.com') || host.endsWith('.ghe.com')) return 'github';
  if (host === 'gitlab.com' || namedFor(host, 'gitlab', 'gitlab.com')) return 'gitlab';
  if (host === 'bitbucket.org' || namedFor(host, 'bitbucket', 'bitbucket.org')) return 'bitbucket';
  if (/^git-codecommit(-fips)?\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(host)) return 'codecommit';
  if (
    host === 'codeberg.org' ||
    namedFor(host, 'gitea', 'gitea.com') ||
    namedFor(host, 'forgejo', 'forgejo.org')
  )
    return 'gitea';
  return 'git';
}

/** The repository's name from its clone URL: `https://host/acme/fleet-api.git` is `fleet-api`. */
export function repositoryNameOfUrl(url: string): string {
  try {
    const path = new URL(url).pathname.replace(/\/+$/, '').replace(/\.git$/, '');
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || new URL(url).hostname;
  } catch {
    return '';
  }
}

export const MAX_BRANCH_NAME = 200;

/**
 * Why git refuses `name` as a branch name (the rules of git-check-ref-format), or null when it
 * is fine.
 */
export function branchNameProblem(name: string): string | null {
  if (name.length === 0) return 'Please enter the branch name';
  if (name.length > MAX_BRANCH_NAME) return `a branch name must be at most ${MAX_BRANCH_NAME} characters`;
  if (name === '@') return 'a branch cannot be named "@"';
  if (name.startsWith('-')) return 'a branch name cannot start with "-"';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: git refuses control characters
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name))
    return 'a branch name cannot contain spaces, control characters or any of ~ ^ : ? * [ \\';
  if (name.includes('..')) return 'a branch name cannot contain ".."';
  if (name.includes('@{')) return 'a branch name cannot contain "@{"';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'a branch name cannot start or end with "/" or contain "//"';
  if (name.endsWith('.')) return 'a branch name cannot end with "."';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return 'no part of a branch name may start with "."';
    if (part.endsWith('.lock')) return 'no part of a branch name may end with ".lock"';
  }
  return null;
}

/** `feature/42-export-csv`: the branch name offered for a work item (demands are features). */
export function branchNameForItem(item: { issueNumber: number; pmIssueType: number; title: string }): string {
  const prefix = item.pmIssueType === 3 ? 'bugfix' : item.pmIssueType === 2 ? 'task' : 'feature';
  const slug = item.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${prefix}/${item.issueNumber}${slug ? `-${slug}` : ''}`;
}

/**
 * Work-item numbers a commit message mentions: `#123` (not part of a word or a URL fragment
 * like `page#3`), in order, without repeats.
 */
export function mentionedNumbers(message: string): number[] {
  const found = new Set<number>();
  for (const match of message.matchAll(/(?:^|[^\w#&/])#(\d{1,9})\b/g)) found.add(Number(match[1]));
  return [...found].filter((n) => n > 0);
}

/**
 * The work-item number a branch name carries: the last path part starting with digits, as in
 * `feature/123-export`, `bugfix/123`, `123-fix-login`, or `#123` anywhere.
 */
export function branchItemNumber(branch: string): number | null {
  const hash = /(?:^|[^\w])#(\d{1,9})\b/.exec(branch);
  if (hash) return Number(hash[1]) || null;
  const last = branch.slice(branch.lastIndexOf('/') + 1);
  const match = /^(\d{1,9})(?:[-_.]|$)/.exec(last);
  return match ? Number(match[1]) || null : null;
}
