/**
 * What an item of the table is, as the audit log names it: a work item, a role, a test sheet...
 * with the id people see in addresses and answers (`{projectId}.{localId}` for what lives inside a
 * project, product or knowledge-base space). Read from the item's key alone, plus a journal's
 * `kind` (comments are objects; the history journals that record a change are not).
 *
 * Bookkeeping items are no objects: counters and change logs, uniqueness claims of names and keys,
 * pointers, snapshots, the sweep and purge markers, the history records of a change (tracking
 * records, runs, sprint-log rows), and the audit log itself. A write of nothing else gets no entry.
 * An item of a kind not listed here is an object of its own sort-key word, so a new kind of item
 * is audited before anyone names it.
 */
import type { Item } from '../db/expressions';
import type { Key } from '../db/keys';

export interface AuditObjectRef {
  enterpriseId: string;
  type: string;
  id: string;
  /** Every id the object concerns (itself, its project or product, the ends of a link): the object filter matches any. */
  refs: string[];
}

type PartitionKind = 'enterprise' | 'project' | 'product' | 'docs' | 'docref' | 'audit';

interface Partition {
  kind: PartitionKind;
  enterpriseId: string;
  /** The project, product or space id (the enterprise id for the enterprise partition). */
  parentId: string;
}

const SUB_PARTITIONS: Record<string, PartitionKind> = {
  PRJ: 'project',
  PRD: 'product',
  DOCS: 'docs',
  DOCREF: 'docref',
  AUDIT: 'audit',
};

/** The enterprise partition an item is in, or null for items of no enterprise (users, sessions...). */
export function partitionOf(pk: string): Partition | null {
  if (!pk.startsWith('ENT#')) return null;
  const [enterpriseId = '', sub, ...rest] = pk.slice(4).split('#');
  if (sub === undefined) return { kind: 'enterprise', enterpriseId, parentId: enterpriseId };
  const kind = SUB_PARTITIONS[sub];
  return kind ? { kind, enterpriseId, parentId: rest.join('#') } : null;
}

/** How one sort-key word is named: its type, and its id from the rest of the key. */
interface Rule {
  type: string;
  id?: (rest: string[], parentId: string) => string;
}

const SKIP = null;
const scoped = (rest: string[], parentId: string) => `${parentId}.${rest.join('#')}`;
const parent = (_rest: string[], parentId: string) => parentId;
const last = (rest: string[]) => rest.at(-1) ?? '';

const ENTERPRISE_RULES: Record<string, Rule | null> = {
  ENTERPRISE: { type: 'enterprise', id: parent },
  MEMBER: { type: 'member' },
  ROLE: { type: 'role' },
  PROJECT: { type: 'project' },
  ISSUETAG: { type: 'workItemTag' },
  PRODUCT: { type: 'product' },
  REQTAG: { type: 'requirementTag' },
  CASETAG: { type: 'caseTag' },
  EXPORT: { type: 'dataExport' },
  INVITE: { type: 'invitation' },
  REPO: { type: 'repository' },
  // `{repositoryId}#{projectId}`: the same object as the project's end (PROJREPO).
  REPOPROJ: { type: 'repositoryLink' },
  REPODELIVERY: { type: 'webhookDelivery' },
  ROLEKEY: SKIP,
  TAGNAME: SKIP,
  TAGSEQ: SKIP,
  ISSUEREF: SKIP,
  PRODUCTKEY: SKIP,
  REQTAGNAME: SKIP,
  CASETAGNAME: SKIP,
  EXPORTRUNNING: SKIP,
  REPOURL: SKIP,
  REPOHEADS: SKIP,
  // The latest pipeline run of a commit (repositories/store/commit-runs.ts): a pointer.
  REPOCOMMITRUN: SKIP,
};

const PROJECT_RULES: Record<string, Rule | null> = {
  MEMBER: { type: 'projectMember' },
  NOTICE: { type: 'projectNotice', id: parent },
  ISSUE: { type: 'workItem' },
  BODY: { type: 'workItem' },
  LINK: { type: 'workItemLink' },
  JOURNAL: { type: 'comment', id: last },
  SPRINT: { type: 'sprint', id: scoped },
  DEMANDSPEC: { type: 'demandSpecLink' },
  CASEMODULE: { type: 'caseModule', id: scoped },
  TESTCASE: { type: 'testCase', id: scoped },
  TESTCASEBODY: { type: 'testCase', id: scoped },
  CASEISSUE: { type: 'caseLink', id: ([c, i], p) => `${p}.${c}#${i}` },
  ISSUECASE: { type: 'caseLink', id: ([i, c], p) => `${p}.${c}#${i}` },
  SHEET: { type: 'testSheet', id: scoped },
  SHEETCASE: { type: 'sheetCase', id: ([s, c], p) => `${p}.${s}-${c}` },
  SHEETISSUE: { type: 'sheetCaseLink', id: ([s, c, i], p) => `${p}.${s}-${c}#${i}` },
  ISSUESHEETCASE: { type: 'sheetCaseLink', id: ([i, s, c], p) => `${p}.${s}-${c}#${i}` },
  REPORT: { type: 'testReport', id: scoped },
  PROJREPO: { type: 'repositoryLink', id: ([r], p) => `${r}#${p}` },
  ISSUEBRANCH: { type: 'workItemBranch' },
  ISSUECOMMIT: { type: 'workItemCommit' },
  COUNTERS: SKIP,
  CHANGE: SKIP,
  SPRINTLOG: SKIP,
  SHEETRUN: SKIP,
  REPORTSNAP: SKIP,
};

const PRODUCT_RULES: Record<string, Rule | null> = {
  MODULE: { type: 'productModule', id: scoped },
  PLAN: { type: 'plan', id: scoped },
  UREQ: { type: 'userRequirement', id: scoped },
  UREQBODY: { type: 'userRequirement', id: scoped },
  SPEC: { type: 'spec', id: scoped },
  SPECBODY: { type: 'spec', id: scoped },
  PJOURNAL: { type: 'comment', id: ([o, j], d) => `${d}.${o}.${j}` },
  // The product's end of a demand's spec: the same object as the project's (DEMANDSPEC#{issueId}).
  SPECDEMAND: { type: 'demandSpecLink', id: last },
  SPECCASE: { type: 'specCaseLink' },
  COUNTERS: SKIP,
  TRACK: SKIP,
};

const DOCS_RULES: Record<string, Rule | null> = {
  NODE: { type: 'doc', id: scoped },
  REV: { type: 'pageRevision', id: ([l, n], s) => `${s}.${l}#${Number(n)}` },
  COUNTERS: SKIP,
  CHANGE: SKIP,
  PURGE: SKIP,
};

const RULES: Record<PartitionKind, Record<string, Rule | null> | null> = {
  enterprise: ENTERPRISE_RULES,
  project: PROJECT_RULES,
  product: PRODUCT_RULES,
  docs: DOCS_RULES,
  // Derived indexes and the log itself are never objects.
  docref: null,
  audit: null,
};

/**
 * Whether a write of `key` may concern the audit log at all (an object of some enterprise, as far
 * as the key tells): lets the write helpers skip the log's work for sessions, counters and such.
 */
export function mayBeAudited(key: Key): boolean {
  const partition = partitionOf(key.pk);
  const rules = partition && RULES[partition.kind];
  if (!rules) return false;
  const word = key.sk.split('#', 1)[0] ?? '';
  return rules[word] !== SKIP;
}

/**
 * The object an item is, or null when it is none (see above). `item` is the item as written or, for
 * a delete, as it was; a journal is an object only when it is a comment.
 */
export function auditObjectOf(key: Key, item: Item | null): AuditObjectRef | null {
  const partition = partitionOf(key.pk);
  const rules = partition && RULES[partition.kind];
  if (!partition || !rules) return null;
  const [word = '', ...rest] = key.sk.split('#');
  const rule = word in rules ? rules[word] : { type: word.toLowerCase() };
  if (!rule) return null;
  if (rule.type === 'comment' && word === 'JOURNAL' && item?.kind !== 'comment') return null;
  const id = rule.id ? rule.id(rest, partition.parentId) : rest.join('#') || partition.parentId;
  return { enterpriseId: partition.enterpriseId, type: rule.type, id, refs: refsOf(partition, id, rest) };
}

function refsOf(partition: Partition, id: string, rest: string[]): string[] {
  const inside = partition.kind !== 'enterprise';
  const refs = [id, ...rest.filter(Boolean)];
  if (inside)
    refs.push(partition.parentId, ...rest.filter(Boolean).map((part) => `${partition.parentId}.${part}`));
  return [...new Set(refs)];
}
