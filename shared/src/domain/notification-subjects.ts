/**
 * Where a notification's subject lives and how it is named: one rule for the inbox's links (web)
 * and the links and lines of notification email (server).
 */
import type { Subject } from '../schemas/notifications';

const ISSUE_PAGES: Record<number, string> = { 1: 'demand', 2: 'task', 3: 'bug' };

/** The web page that shows the subject. */
export function subjectPath(identifier: string, subject: Subject): string {
  const project = `/${identifier}/projects/${subject.projectId}`;
  switch (subject.type) {
    case 'issue':
      return `${project}/${ISSUE_PAGES[subject.itemKind ?? 2] ?? 'task'}/${subject.id}`;
    case 'sprint':
      return `${project}/iteration/${subject.id}`;
    case 'testSheet':
      return `${project}/test`;
    case 'weekly':
      return `${project}/weekly`;
    // A pipeline run: `{repositoryId}.{pipelineId}.{run number}`.
    case 'pipelineRun': {
      const [repositoryId, pipelineId, run] = subject.id.split('.');
      return `/${identifier}/pipeline/${repositoryId}/${pipelineId}?run=${run}`;
    }
    // Specs and user requirements have product-scoped ids: `{productId}.{n}`.
    case 'spec':
      return `/${identifier}/products/${subject.id.split('.')[0]}/demand/${subject.id}`;
    case 'userRequirement':
      return `/${identifier}/products/${subject.id.split('.')[0]}/needs/${subject.id}`;
    default:
      return `/${identifier}`;
  }
}

/** `#12 Login fails`, or the title alone for subjects without a number. */
export const subjectTitle = (subject: Pick<Subject, 'number' | 'title'>) =>
  subject.number === null ? subject.title : `#${subject.number} ${subject.title}`;
