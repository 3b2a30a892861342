/**
 * What pages reference, and who references a work item or spec ("Referenced in docs").
 *
 * A save resolves its page's references (shared/src/domain/docs.ts findReferences): `#123` in a
 * project's library is that project's work item number 123; links name work items, specs and
 * pages by id. Only targets that exist are kept, as `ISSUE#{projectId}#{issueId}`,
 * `SPEC#{productId}#{specId}` and `PAGE#{docId}` on the page, and the reference items
 * (store/references.ts) are written with the save.
 */
import { badRequest } from '@core/errors';
import type { Tenant } from '@core/identity/tenancy';
import { ENTERPRISE_SPACE, findReferences, MAX_PAGE_REFERENCES } from '@shared/domain/docs';
import type { DocReferrer, PageReference } from '@shared/schemas/docs';
import { getIssues, projectIndex } from '../issues';
import { getSpecs } from '../requirements';
import { readableSpaces } from './access';
import { isVisible, spaceState } from './space-state';
import { getNodes, type NodeRecord, parseNodeId } from './store/nodes';
import { issueTarget, listReferrers, pageTarget, specTarget } from './store/references';

/** The reference item's target of a stored reference (`ISSUE#p#i` → `ISSUE#i`). */
export function targetOf(ref: string): string {
  const [kind, ...rest] = ref.split('#');
  const id = rest.at(-1) ?? '';
  if (kind === 'ISSUE') return issueTarget(id);
  if (kind === 'SPEC') return specTarget(id);
  return pageTarget(id);
}

const specLocal = (specId: string) => specId.slice(specId.lastIndexOf('.') + 1);

/** The references `content` makes that lead somewhere, as stored on the page. */
export async function resolveReferences(tenant: Tenant, space: string, content: string): Promise<string[]> {
  const enterpriseId = tenant.enterprise.id;
  const found = findReferences(content);
  const refs = new Set<string>();

  const issueIdsByProject = new Map<string, Set<string>>();
  for (const { projectId, issueId } of found.issues) {
    const set = issueIdsByProject.get(projectId) ?? new Set<string>();
    set.add(issueId);
    issueIdsByProject.set(projectId, set);
  }
  if (space !== ENTERPRISE_SPACE && found.issueNumbers.length > 0) {
    const index = await projectIndex(enterpriseId, space);
    const wanted = new Set(found.issueNumbers);
    for (const row of index.rows.values()) {
      if (wanted.has(row.issueNumber)) refs.add(`ISSUE#${space}#${row.issueId}`);
    }
  }
  await Promise.all(
    [...issueIdsByProject].map(async ([projectId, ids]) => {
      for (const issue of await getIssues(enterpriseId, projectId, [...ids])) {
        refs.add(`ISSUE#${projectId}#${issue.issueId}`);
      }
    }),
  );

  const specsByProduct = new Map<string, string[]>();
  for (const { productId, specId } of found.specs) {
    if (!specId.startsWith(`${productId}.`)) continue;
    specsByProduct.set(productId, [...(specsByProduct.get(productId) ?? []), specId]);
  }
  await Promise.all(
    [...specsByProduct].map(async ([productId, ids]) => {
      for (const spec of await getSpecs(enterpriseId, productId, ids.map(specLocal))) {
        refs.add(`SPEC#${productId}#${productId}.${spec.specId}`);
      }
    }),
  );

  const pagesBySpace = new Map<string, string[]>();
  for (const pageId of found.pages) {
    const parts = parseNodeId(pageId);
    if (parts) pagesBySpace.set(parts.space, [...(pagesBySpace.get(parts.space) ?? []), parts.localId]);
  }
  await Promise.all(
    [...pagesBySpace].map(async ([pageSpace, ids]) => {
      for (const node of await getNodes(enterpriseId, pageSpace, ids)) {
        if (node.kind === 'wiki') refs.add(`PAGE#${node.id}`);
      }
    }),
  );

  if (refs.size > MAX_PAGE_REFERENCES) {
    throw badRequest(
      'content',
      `A page may reference at most ${MAX_PAGE_REFERENCES} work items, specs and pages; this one references ${refs.size}`,
    );
  }
  return [...refs].sort();
}

/**
 * The page's references as the renderer needs them (titles, numbers), for those still there;
 * pages only when the reader may open them.
 */
export async function referenceViews(tenant: Tenant, node: NodeRecord): Promise<PageReference[]> {
  const enterpriseId = tenant.enterprise.id;
  const issues = new Map<string, string[]>();
  const specs = new Map<string, string[]>();
  const pages = new Map<string, string[]>();
  for (const ref of node.refs) {
    const [kind, a, b] = ref.split('#');
    if (kind === 'ISSUE' && a && b) issues.set(a, [...(issues.get(a) ?? []), b]);
    if (kind === 'SPEC' && a && b) specs.set(a, [...(specs.get(a) ?? []), specLocal(b)]);
    if (kind === 'PAGE' && a) {
      const parts = parseNodeId(a);
      if (parts) pages.set(parts.space, [...(pages.get(parts.space) ?? []), parts.localId]);
    }
  }
  const out: PageReference[] = [];
  await Promise.all([
    ...[...issues].map(async ([projectId, ids]) => {
      for (const issue of await getIssues(enterpriseId, projectId, ids)) {
        out.push({
          kind: 'issue',
          id: issue.issueId,
          title: issue.title,
          number: issue.issueNumber,
          projectId,
          productId: null,
          pmIssueType: issue.pmIssueType,
        });
      }
    }),
    ...[...specs].map(async ([productId, ids]) => {
      for (const spec of await getSpecs(enterpriseId, productId, ids)) {
        out.push({
          kind: 'spec',
          id: `${productId}.${spec.specId}`,
          title: spec.title,
          number: spec.number,
          projectId: null,
          productId,
          pmIssueType: null,
        });
      }
    }),
    (async () => {
      if (pages.size === 0) return;
      // Only pages the reader may open: a link from the enterprise library to a project's page
      // must not tell the project's outsiders its title, and a page in the trash is not linked.
      const readable = new Set((await readableSpaces(tenant)).map((space) => space.id));
      for (const [pageSpace, ids] of pages) {
        if (!readable.has(pageSpace)) continue;
        const state = await spaceState(enterpriseId, pageSpace);
        for (const id of ids) {
          const page = state.nodes.get(id);
          if (page?.kind !== 'wiki' || !isVisible(state, page)) continue;
          out.push({
            kind: 'page',
            id: page.id,
            title: page.title,
            number: null,
            projectId: null,
            productId: null,
            pmIssueType: null,
          });
        }
      }
    })(),
  ]);
  return out.sort((a, b) => a.kind.localeCompare(b.kind) || (a.number ?? 0) - (b.number ?? 0));
}

/** The visible pages, in the spaces the caller may read, that reference a work item or spec. */
export async function referrers(
  tenant: Tenant,
  target: { issueId?: string | undefined; specId?: string | undefined },
): Promise<DocReferrer[]> {
  const enterpriseId = tenant.enterprise.id;
  const key = target.issueId ? issueTarget(target.issueId) : specTarget(target.specId ?? '');
  const docIds = await listReferrers(enterpriseId, key);
  if (docIds.length === 0) return [];
  const spaces = new Map((await readableSpaces(tenant)).map((s) => [s.id, s]));
  const out: DocReferrer[] = [];
  const bySpace = new Map<string, string[]>();
  for (const id of docIds) {
    const parts = parseNodeId(id);
    if (parts && spaces.has(parts.space))
      bySpace.set(parts.space, [...(bySpace.get(parts.space) ?? []), parts.localId]);
  }
  for (const [spaceId, ids] of bySpace) {
    const state = await spaceState(enterpriseId, spaceId);
    for (const id of ids) {
      const node = state.nodes.get(id);
      if (node && isVisible(state, node)) {
        out.push({
          id: node.id,
          space: spaceId,
          space_name: spaces.get(spaceId)!.name,
          title: node.title,
          updatedAt: node.updatedAt,
        });
      }
    }
  }
  return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
