/**
 * Work items: create, read, edit (one or a batch), delete, link, and the pickers. Every write is
 * one transaction through `writeIssues` (modules/issues/write-loop.ts), which validates against
 * the project's current index and conditions the transaction on what the checks looked at (the
 * items' versions, a new parent's chain, the link ends, the sprints joined), so the checks that
 * look at other items (parent cycles, links, numbering, children before a delete) cannot race
 * with writers in other processes, while independent writes proceed side by side.
 */

import { nowIso } from '@core/clock';
import { MAX_TRANSACTION_WRITES, type TxOp } from '@core/db/operations';
import { AppError, badRequest, conflict, staleVersion } from '@core/errors';
import { recentSummaries, userSummaries } from '@core/identity/people';
import { newId } from '@core/ids';
import { publish } from '@core/jobs/jobs';
import { PRIORITIES } from '@shared/domain/priorities';
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import {
  CLOSED_ISSUE_STATUS,
  canTransition,
  INITIAL_ISSUE_STATUS,
  type IssueKind,
  type IssueStatusId,
  issueStatusName,
  transitionRefusal,
} from '@shared/domain/work-item-workflow';
import { WORK_ITEM_KIND } from '@shared/domain/work-items';
import {
  DEFAULT_ISSUE_PRIORITY,
  type IssueBatchBody,
  type IssueCreateBody,
  type IssueDetail,
  type IssueRef,
  type IssueUpdateBody,
  type JournalDetail,
  MAX_LINKS_PER_ISSUE,
} from '@shared/schemas/issues';
import { issueActivity } from '@shared/schemas/notifications';
import { getProjectMember, requireProject } from '../projects';
import { demandDeletionOps } from '../requirements';
import { getSprint, getSprints } from '../sprints';
import { caseLinkDeletionOps } from '../testcases';
import { sheetLinkDeletionOps } from '../testruns';
import { issueNotFound, loadIssue, projectOfIssue, projectsOfIssues, rememberIssueProject } from './context';
import { journalFor } from './journals';
import {
  childrenOf,
  descendantIds,
  indexAt,
  type ProjectIndex,
  peekIndex,
  rememberLinks,
} from './project-index';
import { putJournalOp } from './store/journals';
import { getTagSeq, issueTags } from './store/tags';
import {
  createIssueOps,
  deleteIssueOps,
  getIssueDescription,
  getIssueDescriptions,
  type IssueRecord,
  linkOps,
  listLinkedIds,
  putDescriptionOp,
  readProjectState,
  replaceIssueOp,
  unlinkOps,
} from './store/work-items';
import { tagsAt } from './tags';
import { issueDetailView, issueRefView } from './views';
import { recentCopy, type WritePlan, writeIssues } from './write-loop';

// ---- validation -----------------------------------------------------------------------------

/** 400 unless the user is a member of the project. */
async function assertAssignable(enterpriseId: string, projectId: string, userId: string | null | undefined) {
  if (!userId) return;
  const member = await getProjectMember(enterpriseId, projectId, userId);
  if (!member) throw badRequest('assigneeId', `User ${userId} is not a member of this project`);
}

/** 400 naming the first id that is not a tag of the enterprise. */
async function assertTagsExist(enterpriseId: string, tagIds: readonly string[] | undefined) {
  if (!tagIds || tagIds.length === 0) return;
  const found = new Set((await issueTags.getMany(enterpriseId, tagIds)).map((t) => t.tagId));
  const unknown = tagIds.find((id) => !found.has(id));
  if (unknown !== undefined) throw badRequest('tagIds', `Tag ${unknown} does not exist in this enterprise`);
}

const uniqueIds = (ids: readonly string[]) => [...new Set(ids)];

/** 400 unless `parentId` may be the parent of `issueId` (null for a new item). */
function assertParent(index: ProjectIndex, issueId: string | null, parentId: string | null): void {
  if (!parentId) return;
  if (parentId === issueId) throw badRequest('parentId', 'A work item cannot be its own parent');
  const parent = index.rows.get(parentId);
  if (!parent) throw badRequest('parentId', `Work item ${parentId} is not a work item of this project`);
  if (!issueId) return;
  // Walking up from the new parent must not reach the item: that would close a cycle.
  const seen = new Set<string>();
  for (
    let at: IssueRecord | undefined = parent;
    at;
    at = at.parentId ? index.rows.get(at.parentId) : undefined
  ) {
    if (at.issueId === issueId) {
      const self = index.rows.get(issueId);
      throw badRequest(
        'parentId',
        `#${parent.issueNumber} is a descendant of #${self?.issueNumber ?? '?'}, so it cannot be its parent`,
      );
    }
    if (seen.has(at.issueId)) break;
    seen.add(at.issueId);
  }
}

/**
 * 400 unless each given date exists in the calendar. The shared schema's check lets through
 * dates that JavaScript rolls over (2026-02-30 parses as 2026-03-02), so the service checks too.
 */
function assertRealDates(edit: Pick<Editable, 'startDate' | 'endDate'>): void {
  for (const field of ['startDate', 'endDate'] as const) {
    const value = edit[field];
    if (value && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
      throw badRequest(field, `${field} is not a real date`);
    }
  }
}

function assertDatesInOrder(issue: Pick<IssueRecord, 'startDate' | 'endDate'>): void {
  if (issue.startDate && issue.endDate && issue.startDate > issue.endDate) {
    throw badRequest('endDate', 'EndDate must not be before startDate');
  }
}

function assertTransition(issue: IssueRecord, to: IssueStatusId, prefix = ''): void {
  if (!canTransition(issue.status, to)) {
    const kind = issue.pmIssueType as IssueKind;
    throw conflict(`${prefix}${transitionRefusal(kind, issue.status, to)}`, {
      from: issue.status,
      to,
    });
  }
}

/**
 * 400 unless `sprintId` names a sprint of the project that is not closed. Checked inside a write's
 * plan: completing or deleting a sprint goes through the same project write loop, so an item
 * cannot slip into a sprint that closes or goes at the same moment.
 */
async function assertSprintUsable(
  enterpriseId: string,
  projectId: string,
  sprintId: string | null | undefined,
): Promise<void> {
  if (!sprintId) return;
  const sprint = await getSprint(enterpriseId, sprintId);
  if (!sprint || sprint.projectId !== projectId) {
    throw badRequest('sprintId', `Sprint ${sprintId} does not exist in this project`);
  }
  if (sprint.status === ITERATION_STATE.closed) throw badRequest('sprintId', `Sprint ${sprintId} is closed`);
}

/** The sprint check for edits that really move an item into a sprint (a batch names one sprint). */
async function assertSprintsOfChanges(
  enterpriseId: string,
  projectId: string,
  changes: readonly ItemChange[],
): Promise<void> {
  const moved = changes.find((c) => c.fields.includes('sprintId') && c.after.sprintId !== null);
  if (moved) await assertSprintUsable(enterpriseId, projectId, moved.after.sprintId);
}

// ---- history --------------------------------------------------------------------------------

type EditableField =
  | 'title'
  | 'description'
  | 'status'
  | 'priority'
  | 'assigneeId'
  | 'tagIds'
  | 'startDate'
  | 'endDate'
  | 'estimatedHours'
  | 'parentId'
  | 'sprintId';

/** The fields in the order history lists them, with the names people use. */
const FIELD_LABELS: Record<EditableField, string> = {
  title: 'Title',
  status: 'Status',
  priority: 'Priority',
  assigneeId: 'Assignee',
  tagIds: 'Tags',
  startDate: 'Start date',
  endDate: 'End date',
  estimatedHours: 'Estimated hours',
  parentId: 'Parent',
  sprintId: 'Sprint',
  description: 'Description',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS) as EditableField[];

/** Descriptions in history: the text, cut to this many characters. */
const DESCRIPTION_EXCERPT = 200;

/** The fields an edit may change (the body of `edit/{id}` without its version). */
export type Editable = Omit<IssueUpdateBody, 'version'>;

interface ItemChange {
  before: IssueRecord;
  after: IssueRecord;
  fields: EditableField[];
  description?: { before: string; after: string };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * The item after `edit`, and which fields really change (none: null). Throws 409 for a refused
 * status change and 400 for a bad parent or dates out of order.
 */
function applyEdit(
  index: ProjectIndex,
  before: IssueRecord,
  edit: Editable,
  currentDescription: string | undefined,
  at: string,
  refusalPrefix = '',
): ItemChange | null {
  const after: IssueRecord = { ...before };
  const fields: EditableField[] = [];
  let description: ItemChange['description'];
  if (edit.title !== undefined && edit.title !== before.title) {
    after.title = edit.title;
    fields.push('title');
  }
  if (
    edit.description !== undefined &&
    currentDescription !== undefined &&
    edit.description !== currentDescription
  ) {
    description = { before: currentDescription, after: edit.description };
    fields.push('description');
  }
  if (edit.status !== undefined && edit.status !== before.status) {
    assertTransition(before, edit.status, refusalPrefix);
    after.status = edit.status;
    after.closedAt = edit.status === CLOSED_ISSUE_STATUS ? at : null;
    fields.push('status');
  }
  if (edit.priority !== undefined && edit.priority !== before.priority) {
    after.priority = edit.priority;
    fields.push('priority');
  }
  if (edit.assigneeId !== undefined && edit.assigneeId !== before.assigneeId) {
    after.assigneeId = edit.assigneeId;
    fields.push('assigneeId');
  }
  if (edit.tagIds !== undefined) {
    const tagIds = uniqueIds(edit.tagIds);
    if (!sameSet(tagIds, before.tagIds)) {
      after.tagIds = tagIds;
      fields.push('tagIds');
    }
  }
  for (const field of ['startDate', 'endDate'] as const) {
    if (edit[field] !== undefined && edit[field] !== before[field]) {
      after[field] = edit[field];
      fields.push(field);
    }
  }
  if (edit.estimatedHours !== undefined && edit.estimatedHours !== before.estimatedHours) {
    after.estimatedHours = edit.estimatedHours;
    fields.push('estimatedHours');
  }
  if (edit.parentId !== undefined && edit.parentId !== before.parentId) {
    assertParent(index, before.issueId, edit.parentId);
    after.parentId = edit.parentId;
    fields.push('parentId');
  }
  if (edit.sprintId !== undefined && edit.sprintId !== before.sprintId) {
    after.sprintId = edit.sprintId;
    fields.push('sprintId');
  }
  assertDatesInOrder(after);
  if (fields.length === 0) return null;
  after.updatedAt = at;
  after.version = before.version + 1;
  after.rev = before.rev + 1;
  return { before, after, fields, description };
}

function excerpt(text: string): string | null {
  if (!text) return null;
  return text.length > DESCRIPTION_EXCERPT ? `${text.slice(0, DESCRIPTION_EXCERPT)}…` : text;
}

/** Readable old and new values of every changed field, one detail per field. */
async function historyDetails(
  enterpriseId: string,
  index: ProjectIndex,
  changes: readonly ItemChange[],
): Promise<JournalDetail[][]> {
  const userIds = changes.flatMap((c) =>
    c.fields.includes('assigneeId') ? [c.before.assigneeId, c.after.assigneeId] : [],
  );
  const wantTags = changes.some((c) => c.fields.includes('tagIds'));
  const sprintIds = changes.flatMap((c) =>
    c.fields.includes('sprintId') ? [c.before.sprintId, c.after.sprintId].filter((id) => id !== null) : [],
  );
  const [users, tags, sprints] = await Promise.all([
    userSummaries(userIds),
    wantTags ? issueTags.list(enterpriseId) : Promise.resolve([]),
    sprintIds.length > 0 ? getSprints(enterpriseId, [...new Set(sprintIds)]) : Promise.resolve([]),
  ]);
  // Sprints by name, as people know them; the id stands in for one that is gone.
  const sprintNames = new Map(sprints.map((s) => [s.sprintId, s.name]));
  const sprintName = (id: string | null) => (id ? (sprintNames.get(id) ?? id) : null);
  const tagNames = new Map(tags.map((t) => [t.tagId, t.name]));
  const priorityLabel = (id: number) => PRIORITIES.find((p) => p.id === id)?.label ?? String(id);
  const person = (id: string | null) => (id ? (users.get(id)?.nickname ?? 'Unknown user') : null);
  // Ids of deleted tags are left out, as everywhere tags are shown.
  const tagList = (ids: readonly string[]) => {
    const names = ids.flatMap((id) => tagNames.get(id) ?? []);
    return names.length > 0 ? names.join(', ') : null;
  };
  const parentRef = (id: string | null) => {
    if (!id) return null;
    const parent = index.rows.get(id);
    return parent ? `#${parent.issueNumber} ${parent.title}` : null;
  };

  return changes.map((change) => {
    const { before, after } = change;
    const kind = before.pmIssueType as IssueKind;
    const readable = (field: EditableField, issue: IssueRecord): string | null => {
      switch (field) {
        case 'title':
          return issue.title;
        case 'status':
          return issueStatusName(kind, issue.status);
        case 'priority':
          return priorityLabel(issue.priority);
        case 'assigneeId':
          return person(issue.assigneeId);
        case 'tagIds':
          return tagList(issue.tagIds);
        case 'startDate':
        case 'endDate':
          return issue[field];
        case 'estimatedHours':
          return issue.estimatedHours === null ? null : String(issue.estimatedHours);
        case 'parentId':
          return parentRef(issue.parentId);
        case 'sprintId':
          return sprintName(issue.sprintId);
        case 'description':
          return null;
      }
    };
    return FIELD_ORDER.filter((field) => change.fields.includes(field)).map((field) => ({
      field,
      label: FIELD_LABELS[field],
      oldValue: field === 'description' ? excerpt(change.description!.before) : readable(field, before),
      newValue: field === 'description' ? excerpt(change.description!.after) : readable(field, after),
    }));
  });
}

/** The writes of edited items: the item (conditioned on the revision read), description, journal. */
function editOps(
  enterpriseId: string,
  change: ItemChange,
  details: JournalDetail[],
  userId: string,
  at: string,
): TxOp[] {
  const { before, after } = change;
  return [
    replaceIssueOp(enterpriseId, after, before.rev),
    ...(change.description
      ? [putDescriptionOp(enterpriseId, after.projectId, after.issueId, change.description.after)]
      : []),
    putJournalOp(journalFor(enterpriseId, after, 'updated', userId, at, details)),
  ];
}

/**
 * The writes of edits other capabilities make to items (a sprint's membership, its deletion and
 * its completion): each item changed as its `edit` says, through the workflow, with its history
 * entry; null when nothing changes. The caller has checked what the edits refer to.
 */
export async function planItemEdits(
  enterpriseId: string,
  index: ProjectIndex,
  edits: readonly { issue: IssueRecord; edit: Editable }[],
  userId: string,
  at: string,
): Promise<WritePlan | null> {
  const changes = edits.flatMap(({ issue, edit }) => {
    const change = applyEdit(index, issue, edit, undefined, at, `Work item #${issue.issueNumber}: `);
    return change ? [change] : [];
  });
  if (changes.length === 0) return null;
  const details = await historyDetails(enterpriseId, index, changes);
  return {
    ops: changes.flatMap((change, i) => editOps(enterpriseId, change, details[i]!, userId, at)),
    deltas: { open: openDelta(changes) },
    changed: new Map(changes.map((c) => [c.after.issueId, c.after])),
  };
}

const isOpen = (issue: IssueRecord) => issue.status !== CLOSED_ISSUE_STATUS;

function openDelta(changes: readonly ItemChange[]): number {
  return changes.reduce((sum, c) => sum + Number(isOpen(c.after)) - Number(isOpen(c.before)), 0);
}

// ---- reads ----------------------------------------------------------------------------------

/**
 * The item with everything its page shows, in one wave of reads: the counters, project, tag
 * sequence, description and (when this process knows the item) its people in one batch, and
 * the item's links alongside unless the index already holds them; the tags come from memory
 * while the tag sequence is unchanged.
 */
export async function getIssueDetail(
  enterpriseId: string,
  issueId: string,
  writtenTo?: ProjectIndex,
): Promise<IssueDetail> {
  const projectId = await projectOfIssue(enterpriseId, issueId);
  const peeked = writtenTo ?? peekIndex(enterpriseId, projectId);
  const generation = peeked?.generation;
  const known = peeked?.rows.get(issueId);
  const [state, linksRead] = await Promise.all([
    readProjectState(enterpriseId, projectId, {
      issueId,
      userIds: known ? [known.assigneeId, known.authorId] : [],
    }),
    peeked?.links.has(issueId) ? undefined : listLinkedIds(enterpriseId, projectId, issueId),
  ]);
  if (!state.project) throw issueNotFound(issueId);
  // Right after this request's own write, the copy it wrote to holds the item as written.
  const index = writtenTo ?? (await indexAt(enterpriseId, projectId, state.counters));
  const issue = index.rows.get(issueId);
  if (!issue) throw issueNotFound(issueId);
  if (linksRead && index === peeked && generation !== undefined)
    rememberLinks(index, generation, issueId, linksRead);
  const missing = [issue.assigneeId, issue.authorId].filter((id) => id && !state.people.has(id));
  const [linkedIds, tags, more] = await Promise.all([
    linksRead ?? index.links.get(issueId) ?? listLinkedIds(enterpriseId, projectId, issueId),
    tagsAt(enterpriseId, state.tagSeq),
    missing.length > 0 ? userSummaries(missing) : new Map(),
  ]);
  const users = new Map([...state.people, ...more]);
  const context = { users, tags: new Map(tags.map((t) => [t.tagId, t])) };
  return issueDetailView(issue, index, context, state.description, linkedIds);
}

/**
 * The answer of this request's own write. The copy it wrote to holds the item as written and
 * proves the project exists, so only what the copy lacks is read: the description unless the
 * write knows it, the tags only when the item has some, the people only when this process has no
 * recent copy of them, the links only when the copy does not hold them. A create without tags
 * reads nothing: under many writers every round trip saved is one the database does not queue
 * (docs/architecture.md "Writers do not collide").
 */
async function writtenIssueDetail(
  enterpriseId: string,
  issueId: string,
  index: ProjectIndex,
  description: string | undefined,
): Promise<IssueDetail> {
  const issue = index.rows.get(issueId);
  if (!issue) throw issueNotFound(issueId);
  const [text, users, tags, linkedIds] = await Promise.all([
    description ?? getIssueDescription(enterpriseId, issue.projectId, issueId),
    recentSummaries([issue.assigneeId, issue.authorId]),
    issue.tagIds.length > 0 ? getTagSeq(enterpriseId).then((seq) => tagsAt(enterpriseId, seq)) : [],
    index.links.get(issueId) ?? listLinkedIds(enterpriseId, issue.projectId, issueId),
  ]);
  const context = { users, tags: new Map(tags.map((t) => [t.tagId, t])) };
  return issueDetailView(issue, index, context, text, linkedIds);
}

/** The items that may become the parent of `issueId` (not itself, not its descendants), at most 50. */
export async function optionalParents(
  enterpriseId: string,
  issueId: string,
  keyword: string | undefined,
): Promise<IssueRef[]> {
  const { index } = await loadIssue(enterpriseId, issueId);
  const excluded = descendantIds(index, issueId);
  excluded.add(issueId);
  const matches = keywordMatcher(keyword);
  return [...index.rows.values()]
    .filter((row) => !excluded.has(row.issueId) && matches(row))
    .sort((a, b) => b.issueNumber - a.issueNumber)
    .slice(0, OPTIONAL_PARENT_LIMIT)
    .map(issueRefView);
}

const OPTIONAL_PARENT_LIMIT = 50;

const lowerTitles = new WeakMap<IssueRecord, string>();

/** The title in lower case (rows never change in place, so it is computed once per row). */
export function lowerTitle(row: IssueRecord): string {
  let lower = lowerTitles.get(row);
  if (lower === undefined) {
    lower = row.title.toLowerCase();
    lowerTitles.set(row, lower);
  }
  return lower;
}

/** `#12`: item number 12; otherwise every word must occur in the title, ignoring case. */
export function keywordMatcher(keyword: string | undefined): (row: IssueRecord) => boolean {
  const text = keyword?.trim() ?? '';
  if (!text) return () => true;
  const number = /^#(\d+)$/.exec(text);
  if (number) {
    const wanted = Number(number[1]);
    return (row) => row.issueNumber === wanted;
  }
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (row) => {
    const title = lowerTitle(row);
    return words.every((word) => title.includes(word));
  };
}

// ---- writes ---------------------------------------------------------------------------------

/** A new item as `add` stores it (the body already validated; tag ids without repeats). */
export function newIssueRecord(
  body: Omit<IssueCreateBody, 'description'>,
  meta: { issueId: string; issueNumber: number; authorId: string; at: string },
): IssueRecord {
  const status = body.status ?? INITIAL_ISSUE_STATUS;
  return {
    issueId: meta.issueId,
    projectId: body.pmsProjectId,
    issueNumber: meta.issueNumber,
    pmIssueType: body.pmIssueType,
    title: body.title,
    status,
    priority: body.priority ?? DEFAULT_ISSUE_PRIORITY,
    assigneeId: body.assigneeId ?? null,
    authorId: meta.authorId,
    tagIds: uniqueIds(body.tagIds ?? []),
    startDate: body.startDate ?? null,
    endDate: body.endDate ?? null,
    estimatedHours: body.estimatedHours ?? null,
    parentId: body.parentId ?? null,
    sprintId: body.sprintId ?? null,
    createdAt: meta.at,
    updatedAt: meta.at,
    closedAt: status === CLOSED_ISSUE_STATUS ? meta.at : null,
    version: 1,
    rev: 1,
  };
}

/**
 * Creates a work item. `extraOps` adds writes about the new item to its transaction (a demand
 * pushed from a spec writes the link both ways with it); it runs on every attempt, so it may
 * read and refuse afresh.
 */
export async function createIssue(
  enterpriseId: string,
  userId: string,
  body: IssueCreateBody,
  extraOps?: (issue: IssueRecord) => Promise<TxOp[]>,
): Promise<IssueDetail> {
  const projectId = body.pmsProjectId;
  const tagIds = uniqueIds(body.tagIds ?? []);
  assertRealDates(body);
  await Promise.all([
    // With a recent copy the write's own project check stands in for this read.
    recentCopy(enterpriseId, projectId) ? undefined : requireProject(enterpriseId, projectId),
    assertAssignable(enterpriseId, projectId, body.assigneeId),
    assertTagsExist(enterpriseId, tagIds),
  ]);
  const status = body.status ?? INITIAL_ISSUE_STATUS;
  if (!canTransition(INITIAL_ISSUE_STATUS, status)) {
    throw conflict(transitionRefusal(body.pmIssueType, INITIAL_ISSUE_STATUS, status));
  }
  const issueId = newId();
  const written = await writeIssues(enterpriseId, projectId, async (index) => {
    assertParent(index, null, body.parentId ?? null);
    await assertSprintUsable(enterpriseId, projectId, body.sprintId);
    // Checked, then numbered: a refused create takes no number.
    return {
      numbers: 1,
      build: async (issueNumber: number): Promise<WritePlan> => {
        const at = nowIso();
        const issue = newIssueRecord(body, { issueId, issueNumber, authorId: userId, at });
        return {
          ops: [
            ...createIssueOps(enterpriseId, issue, body.description ?? ''),
            putJournalOp(journalFor(enterpriseId, issue, 'created', userId, at)),
            ...(extraOps ? await extraOps(issue) : []),
          ],
          deltas: { issues: 1, open: isOpen(issue) ? 1 : 0 },
          changed: new Map([[issueId, issue]]),
        };
      },
    };
  });
  rememberIssueProject(enterpriseId, issueId, projectId);
  const created = written.rows.get(issueId);
  if (created) {
    const event = issueActivity(enterpriseId, userId, created.createdAt, null, created, {
      description: body.description ?? '',
    });
    await publish('issues', 'issues.activity', event);
  }
  return writtenIssueDetail(enterpriseId, issueId, written, body.description ?? '');
}

export async function updateIssue(
  enterpriseId: string,
  userId: string,
  issueId: string,
  body: IssueUpdateBody,
): Promise<IssueDetail> {
  const projectId = await projectOfIssue(enterpriseId, issueId);
  const { version, ...edit } = body;
  assertRealDates(edit);
  await Promise.all([
    assertAssignable(enterpriseId, projectId, edit.assigneeId),
    assertTagsExist(enterpriseId, edit.tagIds),
  ]);
  let edited: ItemChange | null = null;
  const written = await writeIssues(enterpriseId, projectId, async (index) => {
    const before = index.rows.get(issueId);
    if (!before) throw issueNotFound(issueId);
    if (before.version !== version) throw staleVersion(`Work item #${before.issueNumber}`);
    const description =
      edit.description === undefined
        ? undefined
        : await getIssueDescription(enterpriseId, projectId, issueId);
    const at = nowIso();
    const change = applyEdit(index, before, edit, description, at);
    edited = change;
    if (!change) return null;
    await assertSprintsOfChanges(enterpriseId, projectId, [change]);
    const [details] = await historyDetails(enterpriseId, index, [change]);
    return {
      ops: editOps(enterpriseId, change, details!, userId, at),
      deltas: { open: openDelta([change]) },
      changed: new Map([[issueId, change.after]]),
    };
  });
  if (edited) await publishEdit(enterpriseId, userId, edited);
  const change = edited as ItemChange | null;
  return writtenIssueDetail(enterpriseId, issueId, written, change?.description?.after);
}

/** Tells who should hear of an edit (notifications subscribe to `issues.activity`). */
function publishEdit(enterpriseId: string, userId: string, change: ItemChange): Promise<void> {
  const text = change.description ? { description: change.description.after } : {};
  const event = issueActivity(
    enterpriseId,
    userId,
    change.after.updatedAt,
    change.before,
    change.after,
    text,
  );
  return publish('issues', 'issues.activity', event);
}

/** Writes per item in a batch: the item, its journal, and its description when that changes. */
const BATCH_TRANSACTION_LIMIT = MAX_TRANSACTION_WRITES - 3;

/** Edits up to 40 items of one project in one transaction; all or nothing. */
export async function batchUpdate(
  enterpriseId: string,
  userId: string,
  body: IssueBatchBody,
): Promise<{ updated: number }> {
  const ids = uniqueIds(body.ids);
  const edit = body.changes as Editable;
  assertRealDates(edit);
  const projects = await projectsOfIssues(enterpriseId, ids);
  const projectIds = new Set(projects.values());
  if (projectIds.size > 1) throw badRequest('ids', 'The work items must all belong to one project');
  const projectId = projects.get(ids[0]!)!;
  const perItem = edit.description === undefined ? 2 : 3;
  if (ids.length * perItem > BATCH_TRANSACTION_LIMIT) {
    const most = Math.floor(BATCH_TRANSACTION_LIMIT / perItem);
    throw badRequest(
      'ids',
      `A batch edit that changes the description can change at most ${most} work items`,
    );
  }
  await Promise.all([
    assertAssignable(enterpriseId, projectId, edit.assigneeId),
    assertTagsExist(enterpriseId, edit.tagIds),
  ]);
  let updated = 0;
  let edited: ItemChange[] = [];
  await writeIssues(enterpriseId, projectId, async (index) => {
    const items = ids.map((id) => {
      const issue = index.rows.get(id);
      if (!issue) throw issueNotFound(id);
      return issue;
    });
    const descriptions =
      edit.description === undefined ? undefined : await getIssueDescriptions(enterpriseId, projectId, ids);
    const at = nowIso();
    const changes = items.flatMap((before) => {
      const change = applyEdit(
        index,
        before,
        edit,
        descriptions ? (descriptions.get(before.issueId) ?? '') : undefined,
        at,
        `Work item #${before.issueNumber}: `,
      );
      return change ? [change] : [];
    });
    updated = changes.length;
    edited = changes;
    if (changes.length === 0) return null;
    await assertSprintsOfChanges(enterpriseId, projectId, changes);
    const details = await historyDetails(enterpriseId, index, changes);
    return {
      ops: changes.flatMap((change, i) => editOps(enterpriseId, change, details[i]!, userId, at)),
      deltas: { open: openDelta(changes) },
      changed: new Map(changes.map((c) => [c.after.issueId, c.after])),
    };
  });
  // The events a single edit publishes (assigned, status of a watched item), one per item changed.
  for (const change of edited) await publishEdit(enterpriseId, userId, change);
  return { updated };
}

export async function deleteIssue(enterpriseId: string, userId: string, issueId: string): Promise<void> {
  const projectId = await projectOfIssue(enterpriseId, issueId);
  await writeIssues(enterpriseId, projectId, async (index) => {
    const issue = index.rows.get(issueId);
    if (!issue) throw issueNotFound(issueId);
    const children = childrenOf(index, issueId);
    if (children.length > 0) {
      const count = children.length;
      throw conflict(
        `Work item #${issue.issueNumber} has ${count} child item${count === 1 ? '' : 's'}; delete them or give them another parent first`,
        { childCount: count },
      );
    }
    // A demand may carry a spec: its link goes too, from both ends.
    const [linkedIds, specLink] = await Promise.all([
      listLinkedIds(enterpriseId, projectId, issueId),
      issue.pmIssueType === WORK_ITEM_KIND.demand ? demandDeletionOps(enterpriseId, projectId, issueId) : [],
    ]);
    // Test sheets: the item leaves the sheet cases it is linked to, in the same transaction.
    const sheetLinks = await sheetLinkDeletionOps(enterpriseId, issue);
    // Test cases linked by linkTestcase: both ends of each link go, the cases' counts step back.
    const caseLinks = await caseLinkDeletionOps(enterpriseId, projectId, issueId);
    const at = nowIso();
    return {
      ops: [
        ...deleteIssueOps(enterpriseId, issue, linkedIds),
        ...specLink,
        ...sheetLinks,
        ...caseLinks,
        putJournalOp(journalFor(enterpriseId, issue, 'deleted', userId, at)),
      ],
      deltas: { issues: -1, open: isOpen(issue) ? -1 : 0 },
      changed: new Map([[issueId, null]]),
      alsoTouched: linkedIds,
    };
  });
}

/** The project of both items of a link; 400 when they are not in the same project or the same item. */
async function linkProject(enterpriseId: string, issueId: string, linkedIssueId: string): Promise<string> {
  if (issueId === linkedIssueId) throw badRequest('linkedIssueId', 'A work item cannot be linked to itself');
  const projects = await projectsOfIssues(enterpriseId, [issueId, linkedIssueId]);
  const projectId = projects.get(issueId)!;
  if (projects.get(linkedIssueId) !== projectId) {
    throw badRequest('linkedIssueId', 'Linked work items must belong to the same project');
  }
  return projectId;
}

function bothIn(index: ProjectIndex, a: string, b: string): [IssueRecord, IssueRecord] {
  const first = index.rows.get(a);
  if (!first) throw issueNotFound(a);
  const second = index.rows.get(b);
  if (!second) throw issueNotFound(b);
  return [first, second];
}

/**
 * Links or unlinks two items of one project: `opsOf` checks the links as they are and answers
 * the writes. Neither item's row changes, but both are named in the change log (they show
 * their links). A new link steps both ends' revisions, so a concurrent link (the limit) or
 * delete of either, planned on what it saw, fails its condition instead of passing the rule.
 */
async function writeLink(
  enterpriseId: string,
  issueId: string,
  linkedIssueId: string,
  opsOf: (projectId: string, a: IssueRecord, b: IssueRecord) => Promise<TxOp[]>,
  { bumpBothEnds = false } = {},
): Promise<void> {
  const projectId = await linkProject(enterpriseId, issueId, linkedIssueId);
  await writeIssues(enterpriseId, projectId, async (index) => {
    const [a, b] = bothIn(index, issueId, linkedIssueId);
    const ops = await opsOf(projectId, a, b);
    if (bumpBothEnds) return { ops, changed: new Map(), bumps: [a, b] };
    return { ops, changed: new Map(), alsoTouched: [issueId, linkedIssueId] };
  });
}

export async function linkIssues(
  enterpriseId: string,
  userId: string,
  issueId: string,
  linkedIssueId: string,
): Promise<void> {
  await writeLink(
    enterpriseId,
    issueId,
    linkedIssueId,
    async (projectId, a, b) => {
      const [linksOfA, linksOfB] = await Promise.all([
        listLinkedIds(enterpriseId, projectId, issueId),
        listLinkedIds(enterpriseId, projectId, linkedIssueId),
      ]);
      if (linksOfA.includes(linkedIssueId)) {
        throw conflict(`Work items #${a.issueNumber} and #${b.issueNumber} are already linked`);
      }
      for (const [issue, links] of [
        [a, linksOfA],
        [b, linksOfB],
      ] as const) {
        if (links.length >= MAX_LINKS_PER_ISSUE) {
          throw conflict(
            `Work item #${issue.issueNumber} already has ${MAX_LINKS_PER_ISSUE} links, the most it may have`,
          );
        }
      }
      return linkOps(enterpriseId, projectId, issueId, linkedIssueId, userId, nowIso());
    },
    { bumpBothEnds: true },
  );
}

export async function unlinkIssues(
  enterpriseId: string,
  issueId: string,
  linkedIssueId: string,
): Promise<void> {
  await writeLink(enterpriseId, issueId, linkedIssueId, async (projectId, a, b) => {
    const links = await listLinkedIds(enterpriseId, projectId, issueId);
    if (!links.includes(linkedIssueId)) {
      throw new AppError(404, `Work items #${a.issueNumber} and #${b.issueNumber} are not linked`);
    }
    return unlinkOps(enterpriseId, projectId, issueId, linkedIssueId);
  });
}
