import {
  ActionIcon,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { ITEM_LISTS, type ItemList, type TemplateSection } from '@shared/domain/weekly';
import type { TableRow } from '@shared/schemas/weekly';
import { IconPlus, IconX } from '@tabler/icons-react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { DayInput } from '../../../kit/FormModal/fields';
import { EMPTY_ROW, type FormItem, listsShown, type ReportDraft, setSection } from './report-form';
import { ItemCells, itemTitle, LIST_TITLES, PercentInput, TableHead } from './report-parts';

interface ItemControls {
  /** The items may no longer be added or removed (the report was submitted). */
  frozen: boolean;
  onCompletion: (issueId: string, completion: number) => void;
  onDrop: (issueId: string) => void;
}

function CompletionInput({
  item,
  onCompletion,
}: {
  item: FormItem;
  onCompletion: ItemControls['onCompletion'];
}) {
  const label = item.issue ? `#${item.issue.issueNumber}` : item.issueId;
  return (
    <PercentInput
      label={`Completion of ${label}`}
      value={item.completion}
      onChange={(completion) => onCompletion(item.issueId, completion)}
    />
  );
}

function DropItem({ item, onDrop }: { item: FormItem; onDrop: ItemControls['onDrop'] }) {
  const label = item.issue ? `#${item.issue.issueNumber}` : item.issueId;
  return (
    <Tooltip label="Take it off the report">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Remove ${label}`}
        onClick={() => onDrop(item.issueId)}
      >
        <IconX size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The picked items of a text section (or of a list no section shows), one line each. */
function ItemLines({ items, controls }: { items: FormItem[]; controls: ItemControls }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4} data-testid="report-items">
      {items.map((item) => (
        <Group
          key={item.issueId}
          justify="space-between"
          wrap="nowrap"
          data-testid={`report-item-${item.issueId}`}
        >
          <Text size="sm" lineClamp={1}>
            {itemTitle(item)}
            {item.issue && (
              <Text span size="xs" c="dimmed">
                {` · ${item.issue.statusName}`}
              </Text>
            )}
          </Text>
          <Group gap={4} wrap="nowrap">
            <CompletionInput item={item} onCompletion={controls.onCompletion} />
            {!controls.frozen && <DropItem item={item} onDrop={controls.onDrop} />}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** The written cells that hold sentences; the others hold a name or a date. */
const WIDE_CELLS = new Set(['majorItem', 'detail']);
/**
 * Wide enough for every input at its minimum width: narrower, the inputs shrank until what was
 * typed could not be read (in the drawer above all); the table scrolls sideways instead.
 */
const TABLE_MIN_WIDTH = 1080;

/** The two-table form's table: picked items first (from the items), then the rows written by hand. */
function TableSection({
  section,
  rows,
  items,
  controls,
  onRows,
}: {
  section: TemplateSection;
  rows: TableRow[];
  items: FormItem[];
  controls: ItemControls;
  onRows: (rows: TableRow[]) => void;
}) {
  const setCell = (index: number, changes: Partial<TableRow>) =>
    onRows(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)));
  const text = (index: number, field: 'majorItem' | 'detail' | 'department' | 'person', label: string) => (
    <TextInput
      size="xs"
      miw={WIDE_CELLS.has(field) ? 170 : 110}
      aria-label={`${label} of row ${items.length + index + 1}`}
      value={rows[index]![field]}
      onChange={(event) => setCell(index, { [field]: event.currentTarget.value })}
    />
  );
  const day = (index: number, field: 'plannedCompletion' | 'actualCompletion', label: string) => (
    <DayInput
      size="xs"
      miw={130}
      clearable
      aria-label={`${label} of row ${items.length + index + 1}`}
      value={rows[index]![field]}
      onChange={(value) => setCell(index, { [field]: value ? String(value).slice(0, 10) : null })}
    />
  );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
        <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid={`table-${section.key}`}>
          <TableHead withActions />
          <Table.Tbody>
            {items.map((item, i) => (
              <Table.Tr key={item.issueId} data-testid={`report-item-${item.issueId}`}>
                <ItemCells item={item} index={i} />
                <Table.Td>
                  <CompletionInput item={item} onCompletion={controls.onCompletion} />
                </Table.Td>
                <Table.Td className="weekly-no-print">
                  {!controls.frozen && <DropItem item={item} onDrop={controls.onDrop} />}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their position is their number
              <Table.Tr key={index}>
                <Table.Td>{items.length + index + 1}</Table.Td>
                <Table.Td>{text(index, 'majorItem', 'Major item')}</Table.Td>
                <Table.Td>{text(index, 'detail', 'Detail')}</Table.Td>
                <Table.Td>{text(index, 'department', 'Department')}</Table.Td>
                <Table.Td>{text(index, 'person', 'Person')}</Table.Td>
                <Table.Td>{day(index, 'plannedCompletion', 'Planned completion')}</Table.Td>
                <Table.Td>{day(index, 'actualCompletion', 'Actual completion')}</Table.Td>
                <Table.Td>
                  <PercentInput
                    label={`Progress of row ${items.length + index + 1}`}
                    value={row.progress}
                    onChange={(progress) => setCell(index, { progress })}
                  />
                </Table.Td>
                <Table.Td className="weekly-no-print">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove row ${items.length + index + 1}`}
                    onClick={() => onRows(rows.filter((_, i) => i !== index))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group className="weekly-no-print">
        <ActionButton
          size="compact-sm"
          variant="light"
          icon={IconPlus}
          onClick={() => onRows([...rows, { ...EMPTY_ROW }])}
        >
          Add a row to {section.title}
        </ActionButton>
      </Group>
    </Stack>
  );
}

/** The template's sections, each with its text or table, and the items picked into it. */
export function ReportForm({
  sections,
  draft,
  onChange,
  controls,
}: {
  sections: readonly TemplateSection[];
  draft: ReportDraft;
  onChange: (draft: ReportDraft) => void;
  controls: ItemControls;
}) {
  const itemsOf = (list: ItemList | undefined) =>
    list ? draft.items.filter((item) => item.list === list) : [];
  const shown = listsShown(sections);
  const unshown = ITEM_LISTS.filter((list) => !shown.has(list));
  return (
    <Stack gap="lg" data-testid="report-form">
      {sections.map((section) => {
        const value = draft.content[section.key];
        return (
          <Stack key={section.key} gap="xs">
            <Title order={4} fz="sm">
              {section.title}
            </Title>
            {section.kind === 'text' ? (
              <>
                <Textarea
                  aria-label={section.title}
                  autosize
                  minRows={3}
                  maxRows={14}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(event) => onChange(setSection(draft, section.key, event.currentTarget.value))}
                />
                <ItemLines items={itemsOf(section.items)} controls={controls} />
              </>
            ) : (
              <TableSection
                section={section}
                rows={Array.isArray(value) ? value : []}
                items={itemsOf(section.items)}
                controls={controls}
                onRows={(rows) => onChange(setSection(draft, section.key, rows))}
              />
            )}
          </Stack>
        );
      })}
      {unshown.map(
        (list) =>
          itemsOf(list).length > 0 && (
            <Paper key={list} withBorder p="sm">
              <Title order={4} fz="sm" mb="xs">
                {LIST_TITLES[list]}
              </Title>
              <ItemLines items={itemsOf(list)} controls={controls} />
            </Paper>
          ),
      )}
    </Stack>
  );
}
