import type { Spec, UserRequirement } from '@shared/schemas/requirements';
import { LinkAnchor } from '../../../components/Links/Links';
import { CountCell, NumberedTitle, textColumn } from '../../../kit/ListTable/cells';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { PriorityBadge, TagBadges } from '../work-items/WorkItemBadges';
import { RequirementStatusBadge } from './RequirementStatusBadge';

type Row = Spec | UserRequirement;

const LINKS = {
  spec: { to: '/$identifier/products/$productId/demand/$demandIde', prefix: 'SR', param: 'demandIde' },
  userRequirement: { to: '/$identifier/products/$productId/needs/$needsId', prefix: 'UR', param: 'needsId' },
} as const;

/** "SR-12 title" or "UR-3 title", a link to its page, with its tags under it. */
function requirementTitleColumn<T extends Row>(
  kind: keyof typeof LINKS,
  identifier: string,
  productId: string,
): ListColumn<T> {
  const link = LINKS[kind];
  return {
    key: 'title',
    title: 'Title',
    role: 'title',
    render: (row) => (
      <>
        <LinkAnchor
          to={link.to}
          params={{ identifier, productId, [link.param]: row.id } as never}
          size="sm"
          fw={550}
          c="var(--mantine-color-text)"
        >
          <NumberedTitle number={`${link.prefix}-${row.number}`} title={row.title} />
        </LinkAnchor>
        {row.tags.length > 0 && (
          <div style={{ marginTop: 4 }}>
            <TagBadges tags={row.tags} max={3} />
          </div>
        )}
      </>
    ),
  };
}

/** `SR-12 title` as the hover text of a title cell. */
export const requirementRowTitle = (prefix: 'SR' | 'UR') => (row: Row) =>
  `${prefix}-${row.number} ${row.title}`;

function priorityColumn<T extends Row>(): ListColumn<T> {
  return {
    key: 'priority',
    title: 'Priority',
    render: (row) => <PriorityBadge priority={row.priority} size="sm" />,
  };
}

function moduleColumn<T extends Row>(): ListColumn<T> {
  return textColumn<T>('module', 'Module', (row) => row.moduleName, 'secondary');
}

function statusColumn<T extends Row>(kind: 'spec' | 'userRequirement'): ListColumn<T> {
  return {
    key: 'status',
    title: 'Status',
    render: (row) => <RequirementStatusBadge kind={kind} status={row.status} size="sm" />,
  };
}

export function countColumn<T>(key: string, title: string, count: (row: T) => number): ListColumn<T> {
  return { key, title, align: 'right', role: 'tertiary', render: (row) => <CountCell value={count(row)} /> };
}

/**
 * The columns every requirement table has, for one kind: title (a link to its page), priority,
 * module and status. Each table places them among its own columns.
 */
export function requirementColumns<T extends Row>(
  kind: keyof typeof LINKS,
  identifier: string,
  productId: string,
) {
  return {
    title: requirementTitleColumn<T>(kind, identifier, productId),
    priority: priorityColumn<T>(),
    module: moduleColumn<T>(),
    status: statusColumn<T>(kind),
  };
}
