import { Badge, Card, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ArtifactRepository, Asset } from '@shared/schemas/artifacts';
import { IconArrowUpRight, IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { fullDateTime } from '../../../lib/relative-time';
import { DeleteContentModal } from './DeleteContentModal';
import { componentName, formatBytes } from './labels';
import { PromoteModal, type PromoteTarget } from './PromoteModal';
import { usePeopleNames } from './people';
import { QueryBody, type ReadQuery } from './QueryBody';
import { assetQueryOptions, type ContentTarget, componentQueryOptions, downloadAddress } from './queries';

/** Opens an asset's short-lived download address (the API answers a presigned URL). */
function DownloadButton({ repositoryId, path }: { repositoryId: string; path: string }) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const { url } = await downloadAddress(repositoryId, path);
      window.location.assign(url);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setPending(false);
    }
  }
  return (
    <ActionButton
      size="compact-sm"
      variant="light"
      icon={IconDownload}
      loading={pending}
      onClick={() => void download()}
      aria-label={`Download ${path}`}
    >
      Download
    </ActionButton>
  );
}

/** One asset: path, size, type, checksums, who published it and when, promotions, and its actions. */
export function AssetCard({
  repository,
  asset,
  onDelete,
}: {
  repository: ArtifactRepository;
  asset: Asset;
  onDelete?: () => void;
}) {
  const nameOf = usePeopleNames();
  return (
    <Card withBorder p="sm" data-testid={`asset-${asset.path}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {asset.path}
          </Text>
          <Group gap={6} wrap="nowrap">
            <DownloadButton repositoryId={repository.id} path={asset.path} />
            {onDelete && (
              <ActionButton
                size="compact-sm"
                variant="subtle"
                icon={IconTrash}
                color="red"
                onClick={onDelete}
                aria-label={`Delete ${asset.path}`}
              >
                Delete
              </ActionButton>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {formatBytes(asset.size)} · {asset.contentType} · published by {nameOf(asset.publishedBy)}{' '}
          <span title={fullDateTime(asset.publishedAt)}>
            <RelativeTime value={asset.publishedAt} display="inline" />
          </span>
        </Text>
        {(asset.promotedTo.length > 0 || asset.heldBy.length > 0) && (
          <Group gap={6} data-testid="asset-holds">
            {asset.promotedTo.map((name) => (
              <Badge key={name} size="xs" variant="light">
                Promoted to {name}
              </Badge>
            ))}
            {asset.heldBy.map((name) => (
              <Badge key={name} size="xs" variant="light" color="grape">
                In snapshot {name}
              </Badge>
            ))}
          </Group>
        )}
        {asset.promotedFrom && (
          <Text size="xs" c="dimmed" data-testid="asset-promoted-from">
            Promoted from {asset.promotedFrom.repository}
            {asset.promotedFrom.snapshot ? ` (snapshot ${asset.promotedFrom.snapshot})` : ''} by{' '}
            {nameOf(asset.promotedFrom.by)}{' '}
            <span title={fullDateTime(asset.promotedFrom.at)}>
              <RelativeTime value={asset.promotedFrom.at} display="inline" />
            </span>
          </Text>
        )}
        <Table fz="xs" withRowBorders={false} verticalSpacing={2} horizontalSpacing={4}>
          <Table.Tbody>
            {(['sha256', 'sha1', 'md5', 'sha512'] as const).map((algorithm) => (
              <Table.Tr key={algorithm}>
                <Table.Td w={60} c="dimmed">
                  {algorithm}
                </Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {asset.checksums[algorithm]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/**
 * A drawer over a repository page, showing what `query` reads (a component, an asset); its
 * `dialogs` stay open whatever the query says meanwhile.
 */
function ContentDrawer({
  opened,
  title,
  onClose,
  query,
  dialogs,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  query: ReadQuery;
  dialogs: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size="lg">
      <QueryBody
        query={query}
        what="It"
        skeleton={
          <Stack gap="sm" aria-busy aria-label="Loading">
            <Skeleton h={24} />
            <Skeleton h={120} />
          </Stack>
        }
      >
        {children}
      </QueryBody>
      {dialogs}
    </Drawer>
  );
}

/**
 * Deleting an asset shown in a drawer: `deleteOf(path)` is an `AssetCard`'s `onDelete` (none
 * without the permission), `dialog` the question it opens.
 */
function useDeleteAsset(repositoryId: string, onDeleted?: () => void) {
  const { can } = useCurrentEnterprise();
  const [deleting, setDeleting] = useState<ContentTarget | null>(null);
  return {
    deleteOf: (path: string) =>
      can('artifact:asset:remove') ? () => setDeleting({ kind: 'asset', path }) : undefined,
    dialog: (
      <DeleteContentModal
        repositoryId={repositoryId}
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={onDeleted}
      />
    ),
  };
}

/** A component's assets in a drawer over the list, each with its download and delete. */
export function ComponentDrawer({
  repository,
  componentId,
  onClose,
}: {
  repository: ArtifactRepository;
  componentId: string | undefined;
  onClose: () => void;
}) {
  const { can } = useCurrentEnterprise();
  const query = useQuery({
    ...componentQueryOptions(repository.id, componentId ?? ''),
    enabled: componentId !== undefined,
  });
  const { deleteOf, dialog } = useDeleteAsset(repository.id);
  const [promoting, setPromoting] = useState<PromoteTarget | null>(null);
  const component = query.data;
  const title = component
    ? `${componentName(repository.format, component)} ${component.version}`.trim()
    : 'Component';
  return (
    <ContentDrawer
      opened={componentId !== undefined}
      title={title}
      onClose={onClose}
      query={query}
      dialogs={
        <>
          {dialog}
          <PromoteModal source={repository} promoting={promoting} onClose={() => setPromoting(null)} />
        </>
      }
    >
      {component && (
        <Stack gap="sm" data-testid="component-detail">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {component.assetCount} {component.assetCount === 1 ? 'asset' : 'assets'} ·{' '}
              {formatBytes(component.sizeBytes)}
            </Text>
            {can('artifact:asset:upload') && repository.type === 'hosted' && (
              <ActionButton
                size="compact-sm"
                variant="light"
                icon={IconArrowUpRight}
                onClick={() => setPromoting({ label: title, componentIds: [component.id] })}
              >
                Promote
              </ActionButton>
            )}
          </Group>
          {component.assets.map((asset) => (
            <AssetCard
              key={asset.path}
              repository={repository}
              asset={asset}
              onDelete={deleteOf(asset.path)}
            />
          ))}
        </Stack>
      )}
    </ContentDrawer>
  );
}

/** One asset opened from the folder tree. */
export function AssetDrawer({
  repository,
  path,
  onClose,
}: {
  repository: ArtifactRepository;
  path: string | undefined;
  onClose: () => void;
}) {
  const query = useQuery({ ...assetQueryOptions(repository.id, path ?? ''), enabled: path !== undefined });
  const { deleteOf, dialog } = useDeleteAsset(repository.id, onClose);
  return (
    <ContentDrawer opened={path !== undefined} title="Asset" onClose={onClose} query={query} dialogs={dialog}>
      {query.data && (
        <AssetCard repository={repository} asset={query.data} onDelete={deleteOf(query.data.path)} />
      )}
    </ContentDrawer>
  );
}
