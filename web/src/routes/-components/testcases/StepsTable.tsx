import { Paper, Table, Text } from '@mantine/core';

/**
 * A case's steps as they read (the library's case, and the copy a test sheet runs): number, step
 * and expected result; `empty` says why there are none.
 */
export function StepsTable({ steps, empty }: { steps: { step: string; expected: string }[]; empty: string }) {
  if (steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Paper withBorder>
      <Table verticalSpacing={8} data-testid="case-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Step</Table.Th>
            <Table.Th>Expected result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps have no ids, their place is what they are
            <Table.Tr key={index}>
              <Table.Td c="dimmed">{index + 1}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{row.step}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }} c={row.expected ? undefined : 'dimmed'}>
                {row.expected || '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
