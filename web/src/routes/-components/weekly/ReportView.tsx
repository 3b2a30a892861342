import { Stack, Table, Text, Title } from '@mantine/core';
import { ITEM_LISTS } from '@shared/domain/weekly';
import type { ReportDetail } from '@shared/schemas/weekly';
import { listsShown } from './report-form';
import { ItemCells, itemTitle, LIST_TITLES, TableHead } from './report-parts';

function ItemList({ items }: { items: ReportDetail['items'] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={2}>
      {items.map((item) => (
        <Text key={item.issueId} size="sm" data-testid={`report-item-${item.issueId}`}>
          {`${itemTitle(item)} · ${item.issue?.statusName ?? ''} · ${item.completion}%`}
        </Text>
      ))}
    </Stack>
  );
}

/** A report as written, read only: each section's text or table, with its listed items. */
export function ReportView({ report }: { report: ReportDetail }) {
  const itemsOf = (list: string | undefined) => report.items.filter((item) => item.list === list);
  const shown = listsShown(report.sections);
  return (
    <Stack gap="lg" data-testid="report-view">
      {report.sections.map((section) => {
        const value = report.content[section.key];
        const items = itemsOf(section.items);
        return (
          <Stack key={section.key} gap="xs">
            <Title order={4} fz="sm">
              {section.title}
            </Title>
            {typeof value === 'string' || section.kind === 'text' ? (
              <>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={value ? undefined : 'dimmed'}>
                  {typeof value === 'string' && value ? value : 'Nothing written.'}
                </Text>
                <ItemList items={items} />
              </>
            ) : (
              <Table
                withTableBorder
                withColumnBorders
                verticalSpacing={4}
                data-testid={`table-${section.key}`}
              >
                <TableHead />
                <Table.Tbody>
                  {items.map((item, i) => (
                    <Table.Tr key={item.issueId} data-testid={`report-item-${item.issueId}`}>
                      <ItemCells item={item} index={i} />
                      <Table.Td>{item.completion}%</Table.Td>
                    </Table.Tr>
                  ))}
                  {(value ?? []).map((row, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their position is their number
                    <Table.Tr key={index}>
                      <Table.Td>{items.length + index + 1}</Table.Td>
                      <Table.Td>{row.majorItem}</Table.Td>
                      <Table.Td>{row.detail}</Table.Td>
                      <Table.Td>{row.department}</Table.Td>
                      <Table.Td>{row.person}</Table.Td>
                      <Table.Td>{row.plannedCompletion ?? ''}</Table.Td>
                      <Table.Td>{row.actualCompletion ?? ''}</Table.Td>
                      <Table.Td>{row.progress}%</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        );
      })}
      {ITEM_LISTS.filter((list) => !shown.has(list) && itemsOf(list).length > 0).map((list) => (
        <Stack key={list} gap="xs">
          <Title order={4} fz="sm">
            {LIST_TITLES[list]}
          </Title>
          <ItemList items={itemsOf(list)} />
        </Stack>
      ))}
    </Stack>
  );
}
