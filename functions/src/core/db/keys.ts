/**
 * Every key of the table is built here, and nowhere else (see README.md beside this file).
 *
 * Tenant-owned items live in the partition `ENT#{enterpriseId}`: their builders take the
 * enterprise id first, so code that holds one enterprise's id cannot address another's items.
 * The enterprise's immutable id (not its identifier) is the prefix, so a deleted enterprise's
 * leftovers can never surface under a new enterprise that reuses the identifier.
 */

export interface Key {
  pk: string;
  sk: string;
}

const ENTERPRISE_PREFIX = 'ENT#';
export const SK = {
  profile: 'PROFILE',
  session: 'SESSION',
  enterprise: 'ENTERPRISE',
  memberPrefix: 'MEMBER#',
  invitationPrefix: 'INVITE#',
  rolePrefix: 'ROLE#',
  roleKeyPrefix: 'ROLEKEY#',
  userSessionPrefix: 'SESSION#',
  projectPrefix: 'PROJECT#',
  issueTagPrefix: 'ISSUETAG#',
  // Inside a project's partition:
  projectMemberPrefix: 'MEMBER#',
  notice: 'NOTICE',
  counters: 'COUNTERS',
  changePrefix: 'CHANGE#',
  issuePrefix: 'ISSUE#',
  issueBodyPrefix: 'BODY#',
  linkPrefix: 'LINK#',
  journalPrefix: 'JOURNAL#',
  // In the enterprise partition, for products:
  productPrefix: 'PRODUCT#',
  productKeyPrefix: 'PRODUCTKEY#',
  requirementTagPrefix: 'REQTAG#',
  requirementTagNamePrefix: 'REQTAGNAME#',
  // Inside a product's partition (COUNTERS is shared with projects' name):
  modulePrefix: 'MODULE#',
  planPrefix: 'PLAN#',
  userRequirementPrefix: 'UREQ#',
  userRequirementBodyPrefix: 'UREQBODY#',
  specPrefix: 'SPEC#',
  specBodyPrefix: 'SPECBODY#',
  trackPrefix: 'TRACK#',
  productJournalPrefix: 'PJOURNAL#',
  specDemandPrefix: 'SPECDEMAND#',
  specCasePrefix: 'SPECCASE#',
  // Inside a project's partition: which spec a demand carries.
  demandSpecPrefix: 'DEMANDSPEC#',
  // Inside a project's partition: sprints and the log their burn-downs are computed from.
  sprintPrefix: 'SPRINT#',
  sprintLogPrefix: 'SPRINTLOG#',
  // Test management, in the enterprise partition: the case tag vocabulary.
  caseTagPrefix: 'CASETAG#',
  caseTagNamePrefix: 'CASETAGNAME#',
  // Inside a project's partition: the case library.
  caseModulePrefix: 'CASEMODULE#',
  testcasePrefix: 'TESTCASE#',
  testcaseBodyPrefix: 'TESTCASEBODY#',
  caseIssuePrefix: 'CASEISSUE#',
  issueCasePrefix: 'ISSUECASE#',
  // Inside a project's partition: test sheets, their cases, runs and linked work items; reports.
  sheetPrefix: 'SHEET#',
  sheetCasePrefix: 'SHEETCASE#',
  sheetRunPrefix: 'SHEETRUN#',
  sheetIssuePrefix: 'SHEETISSUE#',
  issueSheetCasePrefix: 'ISSUESHEETCASE#',
  reportPrefix: 'REPORT#',
  reportSnapshotPrefix: 'REPORTSNAP#',
  // Inside a knowledge-base space's partition (COUNTERS and CHANGE# as in a project's).
  docNodePrefix: 'NODE#',
  docRevisionPrefix: 'REV#',
  docPurgePrefix: 'PURGE#',
  // Inside a reference target's partition: the pages that mention it.
  docReferrerPrefix: 'DOC#',
  // Code repositories, in the enterprise partition.
  repositoryPrefix: 'REPO#',
  repositoryUrlPrefix: 'REPOURL#',
  repositoryHeadsPrefix: 'REPOHEADS#',
  repositoryProjectPrefix: 'REPOPROJ#',
  repositoryDeliveryPrefix: 'REPODELIVERY#',
  // Inside a project's partition: linked repositories, and branches and commits of work items.
  projectRepositoryPrefix: 'PROJREPO#',
  issueBranchPrefix: 'ISSUEBRANCH#',
  issueCommitPrefix: 'ISSUECOMMIT#',
  // Data exports, in the enterprise partition: one record each, and the marker of the running one.
  exportPrefix: 'EXPORT#',
  exportRunning: 'EXPORTRUNNING',
  // Weekly reports: in a project's partition a report per member and week, and its revisions.
  weeklyReportPrefix: 'WEEKLY#',
  weeklyRevisionPrefix: 'WEEKLYREV#',
  // In the enterprise partition: templates, reminders shown to members, the reminder run's mark.
  weeklyTemplatePrefix: 'WEEKLYTPL#',
  weeklyNoticePrefix: 'WEEKLYNOTICE#',
  weeklyReminders: 'WEEKLYREMIND',
  // The work desk, in the enterprise partition: a member's own todos.
  todoPrefix: 'TODO#',
  // Pipelines, in the enterprise partition: pipelines and their definitions' history, and the
  // catalogue (node types, action nodes, their inputs, templates, with the keys' claims).
  pipelinePrefix: 'PIPELINE#',
  pipelineRevisionPrefix: 'PIPEREV#',
  pipelineNodeTypePrefix: 'PIPENODETYPE#',
  pipelineNodeTypeKeyPrefix: 'PIPENODETYPEKEY#',
  pipelineNodePrefix: 'PIPENODE#',
  pipelineNodeKeyPrefix: 'PIPENODEKEY#',
  pipelineInputPrefix: 'PIPEINPUT#',
  pipelineTemplatePrefix: 'PIPETEMPLATE#',
  pipelineCatalogueSeeded: 'PIPESEEDED',
} as const;

/** The partition that holds everything an enterprise owns. */
export const enterprisePartition = (enterpriseId: string) => `${ENTERPRISE_PREFIX}${enterpriseId}`;

/**
 * The partition of one project's contents (members, notice, work items and their journals,
 * links and change log). It begins with the enterprise's partition name, so it is still the
 * enterprise's, but a busy project neither crowds the enterprise partition nor makes a project's
 * queries read other projects' items.
 */
export const projectPartition = (enterpriseId: string, projectId: string) =>
  `${enterprisePartition(enterpriseId)}#PRJ#${projectId}`;

/**
 * The partition of one product's contents: modules, plans, user requirements, specs, their
 * tracking records, comments and links. Like a project's, it is still the enterprise's.
 */
export const productPartition = (enterpriseId: string, productId: string) =>
  `${enterprisePartition(enterpriseId)}#PRD#${productId}`;

/**
 * A knowledge-base space's partition: the enterprise library (`enterprise`) or a project's
 * (`{projectId}`). Folders, documents, revisions and the space's change log live here.
 */
export const docsPartition = (enterpriseId: string, space: string) =>
  `${enterprisePartition(enterpriseId)}#DOCS#${space}`;

/** The pages that reference one target (`ISSUE#{issueId}`, `SPEC#{specId}`, `PAGE#{docId}`). */
export const docReferencesPartition = (enterpriseId: string, target: string) =>
  `${enterprisePartition(enterpriseId)}#DOCREF#${target}`;

/**
 * The audit log of an enterprise (core/audit): one partition per UTC month (`YYYY-MM`) and shard,
 * so a busy enterprise's entries spread over AUDIT_SHARDS partitions instead of one hot one, and a
 * month's entries are found by reading that month's shards.
 */
export const auditPartition = (enterpriseId: string, month: string, shard: number) =>
  `${enterprisePartition(enterpriseId)}#AUDIT#${month}#${shard}`;

/** How many partitions a month of one enterprise's audit log is spread over. */
export const AUDIT_SHARDS = 8;

/** Change-log sequence numbers, zero-padded so that they sort as text. */
export const changeSeqKey = (seq: number) => `${SK.changePrefix}${String(seq).padStart(12, '0')}`;

export const keys = {
  // Global (not tenant-owned) items.
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: SK.profile }),
  /** Uniqueness item for a login name; holds the user id. */
  login: (login: string): Key => ({ pk: `LOGIN#${login}`, sk: 'LOGIN' }),
  /** Uniqueness item for an email address (lower-cased); holds the user id. */
  email: (email: string): Key => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /** A session, found by the SHA-256 of its token (the token itself is never stored). */
  session: (tokenHash: string): Key => ({ pk: `SESSION#${tokenHash}`, sk: SK.session }),
  /** The user's reference to one of their sessions, so all of them can be ended at once. */
  userSession: (userId: string, tokenHash: string): Key => ({
    pk: `USER#${userId}`,
    sk: `${SK.userSessionPrefix}${tokenHash}`,
  }),
  /** Sign-in attempts of a login (or of an unknown name typed as one). */
  throttle: (login: string): Key => ({ pk: `THROTTLE#${login}`, sk: 'THROTTLE' }),
  /** Sign-in attempts from a source address; apart from logins, which any text may be typed as. */
  addressThrottle: (address: string): Key => ({ pk: `ADDRTHROTTLE#${address}`, sk: 'THROTTLE' }),
  /** Uniqueness item for an enterprise identifier; holds the enterprise id. */
  enterpriseIdentifier: (identifier: string): Key => ({ pk: `ENTIDENT#${identifier}`, sk: 'ENTIDENT' }),
  /** A link mailed to someone (password reset, address check, invitation), by its token's SHA-256. */
  emailLink: (tokenHash: string): Key => ({ pk: `EMAILLINK#${tokenHash}`, sk: 'EMAILLINK' }),
  /** The address of the user that was confirmed through a mailed link. */
  emailVerified: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'EMAILVERIFIED' }),
  /** A queued mail that was sent (core/mail), so a redelivered job does not send it again. */
  mailSent: (mailId: string): Key => ({ pk: `MAILSENT#${mailId}`, sk: 'MAILSENT' }),

  // Tenant-owned items: enterprise id first.
  enterprise: (enterpriseId: string): Key => ({ pk: enterprisePartition(enterpriseId), sk: SK.enterprise }),
  member: (enterpriseId: string, userId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.memberPrefix}${userId}`,
  }),
  role: (enterpriseId: string, roleId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.rolePrefix}${roleId}`,
  }),
  /** Uniqueness item for a role key within one enterprise; holds the role id. */
  roleKey: (enterpriseId: string, roleKey: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.roleKeyPrefix}${roleKey}`,
  }),
  project: (enterpriseId: string, projectId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.projectPrefix}${projectId}`,
  }),
  issueTag: (enterpriseId: string, tagId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.issueTagPrefix}${tagId}`,
  }),
  projectMember: (enterpriseId: string, projectId: string, userId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.projectMemberPrefix}${userId}`,
  }),
  notice: (enterpriseId: string, projectId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: SK.notice,
  }),
  /** `issueSeq` (the last work-item number given out) and `changeSeq` (the last change-log entry). */
  projectCounters: (enterpriseId: string, projectId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: SK.counters,
  }),
  /** One entry of the project's change log: which work items change number `seq` touched. */
  projectChange: (enterpriseId: string, projectId: string, seq: number): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: changeSeqKey(seq),
  }),
  /** A work item's list fields (everything but the description). */
  issue: (enterpriseId: string, projectId: string, issueId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issuePrefix}${issueId}`,
  }),
  /** A work item's description, apart so that loading a project's list never reads it. */
  issueBody: (enterpriseId: string, projectId: string, issueId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issueBodyPrefix}${issueId}`,
  }),
  /** One direction of a link; every link is stored from both ends. */
  issueLink: (enterpriseId: string, projectId: string, issueId: string, otherId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.linkPrefix}${issueId}#${otherId}`,
  }),
  /** A comment or history entry; journal ids sort by time. */
  journal: (enterpriseId: string, projectId: string, issueId: string, journalId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.journalPrefix}${issueId}#${journalId}`,
  }),
  /** A sprint (iteration) of a project. */
  sprint: (enterpriseId: string, projectId: string, sprintId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.sprintPrefix}${sprintId}`,
  }),
  /**
   * One entry of a sprint's log: a work item's state for the sprint after a change (in it or
   * not, unfinished or not, its estimate). `entryId` sorts by time (newId), so the log reads
   * in order.
   */
  sprintLog: (enterpriseId: string, projectId: string, sprintId: string, entryId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.sprintLogPrefix}${sprintId}#${entryId}`,
  }),
  /** Which spec a project demand carries (at most one); the product keeps the other direction. */
  demandSpec: (enterpriseId: string, projectId: string, issueId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.demandSpecPrefix}${issueId}`,
  }),

  // Products. Ids below the product are local ids (the part after the dot of a product-scoped id).
  product: (enterpriseId: string, productId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.productPrefix}${productId}`,
  }),
  /** Uniqueness item for a product key (CRM) within one enterprise; holds the product id. */
  productKey: (enterpriseId: string, productKey: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.productKeyPrefix}${productKey}`,
  }),
  requirementTag: (enterpriseId: string, tagId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.requirementTagPrefix}${tagId}`,
  }),
  /** Uniqueness item for a requirement tag's lower-cased name; holds the tag id. */
  requirementTagName: (enterpriseId: string, lowerName: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.requirementTagNamePrefix}${lowerName}`,
  }),
  /** Sequences (urSeq, specSeq) and counts (userRequirementCount, specCount, planCount). */
  productCounters: (enterpriseId: string, productId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: SK.counters,
  }),
  productModule: (enterpriseId: string, productId: string, moduleId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.modulePrefix}${moduleId}`,
  }),
  plan: (enterpriseId: string, productId: string, planId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.planPrefix}${planId}`,
  }),
  /** A user requirement's list fields; the description lives apart (userRequirementBody). */
  userRequirement: (enterpriseId: string, productId: string, requirementId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.userRequirementPrefix}${requirementId}`,
  }),
  userRequirementBody: (enterpriseId: string, productId: string, requirementId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.userRequirementBodyPrefix}${requirementId}`,
  }),
  /** A spec's list fields; description and acceptance criteria live apart (specBody). */
  spec: (enterpriseId: string, productId: string, specId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.specPrefix}${specId}`,
  }),
  specBody: (enterpriseId: string, productId: string, specId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.specBodyPrefix}${specId}`,
  }),
  /** One tracking record (creation, edit, change, review, move) of a requirement or spec. */
  trackRecord: (enterpriseId: string, productId: string, objectId: string, recordId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.trackPrefix}${objectId}#${recordId}`,
  }),
  /** A comment on a product item (pmsJournals); journal ids sort by time. */
  productJournal: (enterpriseId: string, productId: string, objectId: string, journalId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.productJournalPrefix}${objectId}#${journalId}`,
  }),
  /** A project demand that carries a spec. */
  specDemand: (
    enterpriseId: string,
    productId: string,
    specId: string,
    projectId: string,
    issueId: string,
  ): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.specDemandPrefix}${specId}#${projectId}#${issueId}`,
  }),
  /** A test case that covers a spec (written by test management with the case). */
  specCase: (enterpriseId: string, productId: string, specId: string, caseId: string): Key => ({
    pk: productPartition(enterpriseId, productId),
    sk: `${SK.specCasePrefix}${specId}#${caseId}`,
  }),

  // Test management. Ids below the project are local ids (the part after the dot of a
  // project-scoped id such as a case's `{projectId}.{localId}`).
  caseTag: (enterpriseId: string, tagId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.caseTagPrefix}${tagId}`,
  }),
  /** Uniqueness item for a case tag's lower-cased name; holds the tag id. */
  caseTagName: (enterpriseId: string, lowerName: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.caseTagNamePrefix}${lowerName}`,
  }),
  caseModule: (enterpriseId: string, projectId: string, moduleId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.caseModulePrefix}${moduleId}`,
  }),
  /** A case's list fields; preconditions, steps and remark live apart (testcaseBody). */
  testcase: (enterpriseId: string, projectId: string, caseId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.testcasePrefix}${caseId}`,
  }),
  testcaseBody: (enterpriseId: string, projectId: string, caseId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.testcaseBodyPrefix}${caseId}`,
  }),
  /** A case linked to a work item of the same project (`linkTestcase`), from both ends. */
  caseIssue: (enterpriseId: string, projectId: string, caseId: string, issueId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.caseIssuePrefix}${caseId}#${issueId}`,
  }),
  issueCase: (enterpriseId: string, projectId: string, issueId: string, caseId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issueCasePrefix}${issueId}#${caseId}`,
  }),
  /** A test sheet (a node of the project's sheet tree). */
  sheet: (enterpriseId: string, projectId: string, sheetId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.sheetPrefix}${sheetId}`,
  }),
  /** A case in a sheet with its latest result; a case is in a sheet at most once. */
  sheetCase: (enterpriseId: string, projectId: string, sheetId: string, caseId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.sheetCasePrefix}${sheetId}#${caseId}`,
  }),
  /** One recorded run of a sheet case; run ids sort by time. */
  sheetRun: (
    enterpriseId: string,
    projectId: string,
    sheetId: string,
    caseId: string,
    runId: string,
  ): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.sheetRunPrefix}${sheetId}#${caseId}#${runId}`,
  }),
  /** A work item linked to a sheet case, from both ends. */
  sheetIssue: (
    enterpriseId: string,
    projectId: string,
    sheetId: string,
    caseId: string,
    issueId: string,
  ): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.sheetIssuePrefix}${sheetId}#${caseId}#${issueId}`,
  }),
  issueSheetCase: (
    enterpriseId: string,
    projectId: string,
    issueId: string,
    sheetId: string,
    caseId: string,
  ): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issueSheetCasePrefix}${issueId}#${sheetId}#${caseId}`,
  }),
  /** A test report's fields; its snapshot (cases and bugs as they were) lives apart. */
  report: (enterpriseId: string, projectId: string, reportId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.reportPrefix}${reportId}`,
  }),
  reportSnapshot: (enterpriseId: string, projectId: string, reportId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.reportSnapshotPrefix}${reportId}`,
  }),

  // Knowledge base. Ids below the space are local ids (the part after the dot of `{space}.{local}`).
  /** `changeSeq` (the space's change log), `searchSnapshotSeq` (the saved search index). */
  docsCounters: (enterpriseId: string, space: string): Key => ({
    pk: docsPartition(enterpriseId, space),
    sk: SK.counters,
  }),
  docsChange: (enterpriseId: string, space: string, seq: number): Key => ({
    pk: docsPartition(enterpriseId, space),
    sk: changeSeqKey(seq),
  }),
  /** A folder, wiki page or file (no page content: that is in its revisions). */
  docNode: (enterpriseId: string, space: string, localId: string): Key => ({
    pk: docsPartition(enterpriseId, space),
    sk: `${SK.docNodePrefix}${localId}`,
  }),
  /** One revision of a page; numbers are zero-padded so they sort. */
  docRevision: (enterpriseId: string, space: string, localId: string, revision: number): Key => ({
    pk: docsPartition(enterpriseId, space),
    sk: `${SK.docRevisionPrefix}${localId}#${String(revision).padStart(8, '0')}`,
  }),
  /** The purge due for a trashed folder or document (no TTL: it outlives the node's own). */
  docPurge: (enterpriseId: string, space: string, localId: string): Key => ({
    pk: docsPartition(enterpriseId, space),
    sk: `${SK.docPurgePrefix}${localId}`,
  }),
  /** A page that references `target` (see docReferencesPartition). */
  docReferrer: (enterpriseId: string, target: string, docId: string): Key => ({
    pk: docReferencesPartition(enterpriseId, target),
    sk: `${SK.docReferrerPrefix}${docId}`,
  }),
  /**
   * One audit entry: sorted by time in its month's partition; the shard follows from the id's last
   * (random) character, so an entry's key is known from its time and id.
   */
  auditEntry: (enterpriseId: string, at: string, entryId: string): Key => ({
    pk: auditPartition(enterpriseId, at.slice(0, 7), entryId.charCodeAt(entryId.length - 1) % AUDIT_SHARDS),
    sk: `${at}#${entryId}`,
  }),
  // Data exports (modules/enterprise/exports.ts). Both carry `expiresAt` (the table's TTL).
  dataExport: (enterpriseId: string, exportId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.exportPrefix}${exportId}`,
  }),
  /** An invitation by email to join the enterprise (modules/enterprise/invitations.ts). */
  invitation: (enterpriseId: string, inviteId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.invitationPrefix}${inviteId}`,
  }),
  /** Held by the export that is queued or running: one at a time per enterprise. */
  exportRunning: (enterpriseId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: SK.exportRunning,
  }),
  // Pipelines (modules/pipelines).
  pipeline: (enterpriseId: string, pipelineId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelinePrefix}${pipelineId}`,
  }),
  /** One saved definition of a pipeline; the revision is zero-padded so they sort. */
  pipelineRevision: (enterpriseId: string, pipelineId: string, revision: number): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineRevisionPrefix}${pipelineId}#${String(revision).padStart(6, '0')}`,
  }),
  pipelineNodeType: (enterpriseId: string, nodeTypeId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineNodeTypePrefix}${nodeTypeId}`,
  }),
  /** Claims a node type's key: keys are unique in an enterprise. */
  pipelineNodeTypeKey: (enterpriseId: string, key: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineNodeTypeKeyPrefix}${key}`,
  }),
  pipelineNode: (enterpriseId: string, nodeId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineNodePrefix}${nodeId}`,
  }),
  /** Claims an action node's key (what `uses:` names): unique in an enterprise. */
  pipelineNodeKey: (enterpriseId: string, key: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineNodeKeyPrefix}${key}`,
  }),
  pipelineInput: (enterpriseId: string, nodeId: string, inputId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineInputPrefix}${nodeId}#${inputId}`,
  }),
  pipelineTemplate: (enterpriseId: string, templateId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.pipelineTemplatePrefix}${templateId}`,
  }),
  /** Written with the seeded catalogue, so it is seeded once. */
  pipelineCatalogueSeeded: (enterpriseId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: SK.pipelineCatalogueSeeded,
  }),
  // Code repositories.
  repository: (enterpriseId: string, repositoryId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.repositoryPrefix}${repositoryId}`,
  }),
  /** Uniqueness item for a clone URL within one enterprise (sha-256 of the normalised URL). */
  repositoryUrl: (enterpriseId: string, urlHash: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.repositoryUrlPrefix}${urlHash}`,
  }),
  /** The branch heads last seen (the poll compares the remote with them). */
  repositoryHeads: (enterpriseId: string, repositoryId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.repositoryHeadsPrefix}${repositoryId}`,
  }),
  /** A project a repository is linked to (the repository's end of the link). */
  repositoryProject: (enterpriseId: string, repositoryId: string, projectId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.repositoryProjectPrefix}${repositoryId}#${projectId}`,
  }),
  /** A webhook delivery already received (replays are refused); TTL. */
  repositoryDelivery: (enterpriseId: string, repositoryId: string, deliveryId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.repositoryDeliveryPrefix}${repositoryId}#${deliveryId}`,
  }),
  /** A repository linked to the project (the project's end of the link). */
  projectRepository: (enterpriseId: string, projectId: string, repositoryId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.projectRepositoryPrefix}${repositoryId}`,
  }),
  /** A branch that belongs to a work item. */
  issueBranch: (
    enterpriseId: string,
    projectId: string,
    issueId: string,
    repositoryId: string,
    branch: string,
  ): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issueBranchPrefix}${issueId}#${repositoryId}#${branch}`,
  }),
  /** A member's weekly report of a project: one per member, project and week (its Monday). */
  weeklyReport: (enterpriseId: string, projectId: string, weekStart: string, userId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.weeklyReportPrefix}${weekStart}#${userId}`,
  }),
  /** One revision of a weekly report (every write keeps one); numbers zero-padded so they sort. */
  weeklyRevision: (
    enterpriseId: string,
    projectId: string,
    weekStart: string,
    userId: string,
    revision: number,
  ): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.weeklyRevisionPrefix}${weekStart}#${userId}#${String(revision).padStart(6, '0')}`,
  }),
  /** A weekly-report template an administrator added (the two defaults are not stored). */
  weeklyTemplate: (enterpriseId: string, templateId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.weeklyTemplatePrefix}${templateId}`,
  }),
  /** A reminder recorded for a member who had not submitted a project's report of a week. */
  weeklyNotice: (enterpriseId: string, userId: string, weekStart: string, projectId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.weeklyNoticePrefix}${userId}#${weekStart}#${projectId}`,
  }),
  /** The enterprise's place in the reminder run (the last week reminded), on gsi1 for the run. */
  weeklyReminders: (enterpriseId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: SK.weeklyReminders,
  }),
  /** A todo a member wrote on their work desk (per member and enterprise). */
  todo: (enterpriseId: string, userId: string, todoId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.todoPrefix}${userId}#${todoId}`,
  }),
  /** A commit that mentions a work item. */
  issueCommit: (
    enterpriseId: string,
    projectId: string,
    issueId: string,
    repositoryId: string,
    sha: string,
  ): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issueCommitPrefix}${issueId}#${repositoryId}#${sha}`,
  }),
};

/** Secondary-index keys, written as attributes of the items above. */
export const indexKeys = {
  /** gsi1: every user, by login (prefix search when adding members). */
  userByLogin: (login: string) => ({ gsi1pk: 'USERS', gsi1sk: `LOGIN#${login}` }),
  /** gsi2: every user, by lower-cased nickname (prefix search); the id keeps equal nicknames apart. */
  userByNickname: (nickname: string, userId: string) => ({
    gsi2pk: 'USERS',
    gsi2sk: `NICK#${nickname.toLowerCase()}#${userId}`,
  }),
  /** gsi1: the enterprises a user belongs to (the switcher's list). */
  membershipOfUser: (userId: string, enterpriseId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: enterprisePartition(enterpriseId),
  }),
  /** gsi1: the projects a user belongs to ("my projects"); not under `ENT#`, which means enterprises. */
  projectMembershipOfUser: (userId: string, enterpriseId: string, projectId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `PROJECT#${enterpriseId}#${projectId}`,
  }),
  /** gsi1: a project's activity feed, newest last (journal entries of every work item). */
  projectFeed: (enterpriseId: string, projectId: string, createdAt: string, journalId: string) => ({
    gsi1pk: `${projectPartition(enterpriseId, projectId)}#FEED`,
    gsi1sk: `${createdAt}#${journalId}`,
  }),
  /** gsi1: a member's weekly reports across projects, by week (`USER#` like their memberships). */
  weeklyOfUser: (userId: string, enterpriseId: string, weekStart: string, projectId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `${indexPrefixes.userWeeklies(enterpriseId)}${weekStart}#${projectId}`,
  }),
  /** gsi1: the enterprises that write weekly reports (the reminder run's list). */
  weeklyEnterprise: (enterpriseId: string) => ({ gsi1pk: 'WEEKLYENTERPRISES', gsi1sk: enterpriseId }),
  /** gsi1: every repository of every enterprise (the poll's list). */
  repositoryToPoll: (enterpriseId: string, repositoryId: string) => ({
    gsi1pk: 'REPOSITORIES',
    gsi1sk: `${enterpriseId}#${repositoryId}`,
  }),
};

/** gsi1 partitions of the knowledge base's sweeps (every enterprise's due work, by time). */
export const DOC_SWEEPS = { purges: 'DOCPURGE', uploads: 'DOCUPLOAD' } as const;

export const docIndexKeys = {
  /** gsi1: a trashed folder or document, by when it is due for removal. */
  purgeDue: (purgeAt: string, enterpriseId: string, space: string, localId: string) => ({
    gsi1pk: DOC_SWEEPS.purges,
    gsi1sk: `${purgeAt}#${enterpriseId}#${space}#${localId}`,
  }),
  /** gsi1: an upload not confirmed yet, by when its bytes may be swept. */
  uploadDue: (sweepAt: string, enterpriseId: string, space: string, localId: string) => ({
    gsi1pk: DOC_SWEEPS.uploads,
    gsi1sk: `${sweepAt}#${enterpriseId}#${space}#${localId}`,
  }),
};

export const indexPrefixes = {
  usersPartition: 'USERS',
  loginSort: 'LOGIN#',
  nicknameSort: 'NICK#',
  userMemberships: (userId: string) => `USER#${userId}`,
  enterpriseSort: ENTERPRISE_PREFIX,
  userProjects: (enterpriseId: string) => `PROJECT#${enterpriseId}#`,
  projectFeed: (enterpriseId: string, projectId: string) =>
    `${projectPartition(enterpriseId, projectId)}#FEED`,
  repositories: 'REPOSITORIES',
  userWeeklies: (enterpriseId: string) => `WEEKLY#${enterpriseId}#`,
  weeklyEnterprises: 'WEEKLYENTERPRISES',
};

/**
 * The artifact library (modules/artifacts): repositories and their names in the enterprise's
 * partition, each repository's components and assets in a partition of its own, the blobs'
 * reference counts in one more, and the per-user access tokens (global: a token names its user).
 */
export const artifactRepositoryPartition = (enterpriseId: string, repositoryId: string) =>
  `${enterprisePartition(enterpriseId)}#ART#${repositoryId}`;
export const artifactBlobPartition = (enterpriseId: string) => `${enterprisePartition(enterpriseId)}#ARTBLOB`;

export const ARTIFACT_SK = {
  repositoryPrefix: 'ARTREPO#',
  repositoryNamePrefix: 'ARTREPONAME#',
  componentPrefix: 'COMP#',
  assetPrefix: 'ASSET#',
  uploadPrefix: 'UPLOAD#',
  userTokenPrefix: 'ARTTOKEN#',
  snapshotPrefix: 'SNAP#',
  snapshotAssetPrefix: 'SNAPASSET#',
} as const;

export const artifactKeys = {
  repository: (enterpriseId: string, repositoryId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${ARTIFACT_SK.repositoryPrefix}${repositoryId}`,
  }),
  /** Uniqueness of a repository's name in its enterprise; holds the repository id. */
  repositoryName: (enterpriseId: string, name: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${ARTIFACT_SK.repositoryNamePrefix}${name}`,
  }),
  component: (enterpriseId: string, repositoryId: string, componentId: string): Key => ({
    pk: artifactRepositoryPartition(enterpriseId, repositoryId),
    sk: `${ARTIFACT_SK.componentPrefix}${componentId}`,
  }),
  asset: (enterpriseId: string, repositoryId: string, path: string): Key => ({
    pk: artifactRepositoryPartition(enterpriseId, repositoryId),
    sk: `${ARTIFACT_SK.assetPrefix}${path}`,
  }),
  /** A presigned upload not confirmed yet. */
  upload: (enterpriseId: string, repositoryId: string, uploadId: string): Key => ({
    pk: artifactRepositoryPartition(enterpriseId, repositoryId),
    sk: `${ARTIFACT_SK.uploadPrefix}${uploadId}`,
  }),
  /** A snapshot of a repository, by its name (names hold no `#`). */
  snapshot: (enterpriseId: string, repositoryId: string, name: string): Key => ({
    pk: artifactRepositoryPartition(enterpriseId, repositoryId),
    sk: `${ARTIFACT_SK.snapshotPrefix}${name}`,
  }),
  /** One asset as a snapshot recorded it. */
  snapshotAsset: (enterpriseId: string, repositoryId: string, name: string, path: string): Key => ({
    pk: artifactRepositoryPartition(enterpriseId, repositoryId),
    sk: `${ARTIFACT_SK.snapshotAssetPrefix}${name}#${path}`,
  }),
  /** A repository's cleanup rules. */
  retention: (enterpriseId: string, repositoryId: string): Key => ({
    pk: artifactRepositoryPartition(enterpriseId, repositoryId),
    sk: 'RETENTION',
  }),
  /** How many assets of the enterprise point at one blob. */
  blob: (enterpriseId: string, sha256: string): Key => ({
    pk: artifactBlobPartition(enterpriseId),
    sk: `BLOB#${sha256}`,
  }),
  /** An access token by the hash of its secret. */
  token: (tokenHash: string): Key => ({ pk: `ARTTOKEN#${tokenHash}`, sk: 'ARTTOKEN' }),
  /** A user's token, listed on the account page; holds the hash. */
  userToken: (userId: string, tokenId: string): Key => ({
    pk: `USER#${userId}`,
    sk: `${ARTIFACT_SK.userTokenPrefix}${tokenId}`,
  }),
};
