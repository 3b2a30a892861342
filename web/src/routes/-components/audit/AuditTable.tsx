import { Badge, Code, Stack, Table, Text } from '@mantine/core';
import {
  AUDIT_AREA_LABELS,
  AUDIT_OBJECT_LABELS,
  type AuditAction,
  type AuditArea,
  type AuditEntry,
  type AuditObject,
} from '@shared/schemas/audit';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { PersonCell, TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { fullDateTime } from '../../../lib/relative-time';

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  read: 'gray',
};

export const areaLabel = (area: string) => AUDIT_AREA_LABELS[area as AuditArea] ?? area;
const objectLabel = (type: string) => AUDIT_OBJECT_LABELS[type] ?? type;

/** Said in place of a value that is not there, or is empty text. */
const Missing = ({ children }: { children: string }) => (
  <Text span size="xs" c="dimmed" fs="italic">
    {children}
  </Text>
);

/** A value as the change shows it: text as it is, anything else as JSON; "none" when absent. */
function shownValue(value: unknown) {
  if (value === undefined) return <Missing>none</Missing>;
  if (value === '') return <Missing>empty</Missing>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <Text span size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/** One object's changed fields: before → after. */
function ObjectChanges({ object }: { object: AuditObject }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        {objectLabel(object.type)} <Code>{object.id}</Code> ({object.action}d)
      </Text>
      {object.changes.length === 0 ? (
        <Text size="xs" c="dimmed">
          No field of it changed.
        </Text>
      ) : (
        <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {object.changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td>
                  <Code>{change.field}</Code>
                </Table.Td>
                <Table.Td>{shownValue(change.before)}</Table.Td>
                <Table.Td>{shownValue(change.after)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** What the entry did: the objects it changed, or what a read of the log asked for. */
function Summary({ entry }: { entry: AuditEntry }) {
  if (entry.action === 'read') {
    const asked = Object.entries(entry.query ?? {}).map(([key, value]) => `${key}: ${value}`);
    return <Text size="sm">Read the audit log{asked.length > 0 ? ` (${asked.join(', ')})` : ''}</Text>;
  }
  const [first, ...rest] = entry.objects;
  return (
    <Text size="sm">
      {first ? `${objectLabel(first.type)} ${first.id}` : 'Nothing named'}
      {rest.length > 0 && (
        <Text span size="sm" c="dimmed">
          {' '}
          and {rest.length} more
        </Text>
      )}
    </Text>
  );
}

function WhatCell({ entry, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle: () => void }) {
  const fields = entry.objects.reduce((n, o) => n + o.changes.length, 0);
  return (
    <Stack gap={4}>
      <Summary entry={entry} />
      <Text size="xs" c="dimmed" ff="monospace">
        {entry.route}
      </Text>
      {entry.objects.length > 0 && (
        <ActionButton
          variant="subtle"
          size="compact-xs"
          w="fit-content"
          icon={open ? IconChevronDown : IconChevronRight}
          aria-expanded={open}
          onClick={onToggle}
          data-testid={`audit-toggle-${entry.id}`}
        >
          {open ? 'Hide changes' : `Show changes (${fields} ${fields === 1 ? 'field' : 'fields'})`}
        </ActionButton>
      )}
      {open && (
        <Stack gap="sm" data-testid={`audit-changes-${entry.id}`}>
          {entry.objects.map((object) => (
            <ObjectChanges key={`${object.type}:${object.id}`} object={object} />
          ))}
          {entry.truncated && (
            <Text size="xs" c="dimmed">
              Some values or objects were left out to keep the entry small.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function columns(open: ReadonlySet<string>, toggle: (id: string) => void): ListColumn<AuditEntry>[] {
  return [
    {
      key: 'at',
      title: 'Time',
      render: (entry) => (
        <Text component="time" dateTime={entry.at} size="sm">
          {fullDateTime(entry.at)}
        </Text>
      ),
    },
    {
      key: 'actor',
      title: 'Who',
      role: 'secondary',
      render: (entry) =>
        entry.actor ? (
          <PersonCell name={entry.actor.nickname} login={entry.actor.login} size={28} />
        ) : (
          <TextCell value="No session (a webhook)" dimmed />
        ),
    },
    {
      key: 'address',
      title: 'Address',
      role: 'tertiary',
      render: (entry) => <TextCell value={entry.sourceAddress} dimmed />,
    },
    { key: 'area', title: 'Area', role: 'secondary', render: (entry) => areaLabel(entry.area) },
    {
      key: 'action',
      title: 'Action',
      render: (entry) => (
        <Badge variant="light" color={ACTION_COLORS[entry.action]}>
          {entry.action}
        </Badge>
      ),
    },
    {
      key: 'what',
      title: 'What',
      role: 'title',
      render: (entry) => (
        <WhatCell entry={entry} open={open.has(entry.id)} onToggle={() => toggle(entry.id)} />
      ),
    },
  ];
}

/** The entries, newest first; each entry's changed fields open below its summary. */
export function AuditTable({ rows }: { rows: AuditEntry[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ListTable
      rows={rows}
      columns={columns(open, toggle)}
      testId="audit-table"
      rowTestId={(entry) => `audit-row-${entry.id}`}
      highlightOnHover={false}
    />
  );
}
