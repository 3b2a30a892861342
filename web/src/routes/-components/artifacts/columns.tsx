/**
 * The columns the artifact pages share (a repository's components, a snapshot's components, the
 * snapshots): a component's full name and version, how many assets, the size, and who did it when.
 */
import { Text } from '@mantine/core';
import type { ArtifactFormat } from '@shared/schemas/artifacts';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { CountCell, TextCell } from '../../../kit/ListTable/cells';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { actionsColumn, DeleteAction } from '../../../kit/ListTable/RowActions';
import { componentName, formatBytes } from './labels';

export const assetsColumn = <T extends { assetCount: number }>(): ListColumn<T> => ({
  key: 'assets',
  title: 'Assets',
  align: 'right',
  role: 'secondary',
  render: (row) => <CountCell value={row.assetCount} />,
});

export const sizeColumn = <T extends { sizeBytes: number }>(): ListColumn<T> => ({
  key: 'size',
  title: 'Size',
  align: 'right',
  role: 'secondary',
  render: (row) => <TextCell value={formatBytes(row.sizeBytes)} />,
});

/** Name (with its group or scope), version, assets and size of a component, live or recorded. */
export function componentColumns<
  T extends { group: string; name: string; version: string; assetCount: number; sizeBytes: number },
>(format: ArtifactFormat): ListColumn<T>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      role: 'title',
      render: (row) => (
        <Text size="sm" fw={600}>
          {componentName(format, row)}
        </Text>
      ),
    },
    { key: 'version', title: 'Version', render: (row) => <TextCell value={row.version} /> },
    assetsColumn<T>(),
    sizeColumn<T>(),
  ];
}

/** "Ada Artifact 3 days ago": who published or took something, and when. */
export function ByWhenCell({ name, at }: { name: string; at: string }) {
  return (
    <Text size="sm">
      {name} <RelativeTime value={at} display="inline" size="sm" />
    </Text>
  );
}

/** A "who did it when" column (published, taken): `byWhen` names the person and the moment of a row. */
export const byWhenColumn = <T,>(
  key: string,
  title: string,
  byWhen: (row: T) => { name: string; at: string },
): ListColumn<T> => ({
  key,
  title,
  role: 'tertiary',
  render: (row) => <ByWhenCell {...byWhen(row)} />,
});

/**
 * The last column of a list whose rows a person may delete (snapshots, folders and assets,
 * components): each row's delete button, labelled for screen readers, handing the row to `onDelete`.
 */
export const deleteColumn = <T,>(label: (row: T) => string, onDelete: (row: T) => void): ListColumn<T> =>
  actionsColumn((row) => <DeleteAction label={label(row)} onClick={() => onDelete(row)} />, 80);
