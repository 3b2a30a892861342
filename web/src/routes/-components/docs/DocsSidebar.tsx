import { Box, Button, Divider, Group, Menu, Paper, Stack, Text, TextInput, useTree } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocTreeNode } from '@shared/schemas/docs';
import {
  IconArrowDown,
  IconArrowUp,
  IconFile,
  IconFileText,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type DragEvent, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../api/errors';
import {
  SidebarTreeBody,
  SidebarTreeHeading,
  toTreeData,
  useRevealSelected,
  useTreeRights,
} from '../../../components/SidebarTree/SidebarTree';
import { TreeRow } from '../../../components/SidebarTree/TreeRow';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { treeQueryOptions, useUpdateDoc, useUploadFile } from '../../../queries/docs';
import { DeleteDocModal } from './DeleteDocModal';
import { useDocsState } from './docs-state';
import { FolderModal } from './FolderModal';
import { nodeHref } from './paths';
import { SearchModal } from './SearchModal';
import { ToolButton } from './ToolButton';
import { TrashModal } from './TrashModal';

const KIND_ICONS = { folder: IconFolder, wiki: IconFileText, file: IconFile } as const;

function flatten(nodes: readonly DocTreeNode[], into = new Map<string, DocTreeNode>()) {
  for (const node of nodes) {
    into.set(node.id, node);
    flatten(node.children, into);
  }
  return into;
}

function ancestorsOf(nodes: readonly DocTreeNode[], id: string): string[] {
  const byId = flatten(nodes);
  const out: string[] = [];
  let current = byId.get(id)?.root_id ?? null;
  while (current) {
    out.push(current);
    current = byId.get(current)?.root_id ?? null;
  }
  return out;
}

/** Whether `id` is `ancestor` or sits below it (a folder cannot move into its own subtree). */
function isWithin(byId: Map<string, DocTreeNode>, id: string | null, ancestor: string): boolean {
  let current = id;
  while (current) {
    if (current === ancestor) return true;
    current = byId.get(current)?.root_id ?? null;
  }
  return false;
}

/**
 * The library's menu: search, the tree of folders, pages and files (drag a row onto a folder to
 * move it, or onto the heading to move it to the top; rename, reorder and delete from its menu),
 * new page, folder and upload, and the trash.
 */
export function DocsSidebar({ spaceName }: { spaceName: string }) {
  const { place, selectedId, mode, reloadMenu } = useDocsState();
  const router = useRouter();
  const tree = useTree();
  const query = useQuery(treeQueryOptions(place.space));
  const nodes = query.data ?? [];
  const byId = useMemo(() => flatten(query.data ?? []), [query.data]);
  // One array per answer: the Tree re-initialises (collapsing everything) when its data changes.
  const data = useMemo(() => toTreeData(query.data ?? [], (node) => node.title), [query.data]);
  useRevealSelected(tree, selectedId && byId.has(selectedId) ? selectedId : null, query.data, ancestorsOf);
  const update = useUpdateDoc();
  const upload = useUploadFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [folderModal, setFolderModal] = useState<{ parent: string | null; rename?: DocTreeNode } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<DocTreeNode | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [trashOpen, setTrashOpen] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const rights = useTreeRights('docs:doc');
  /** Where a new page, folder or file goes: the folder open beside the menu, else the top. */
  const currentFolder = mode === 'folder' ? selectedId : null;

  const go = (href: string) => router.history.push(href);

  function open(id: string) {
    const node = byId.get(id);
    if (node) go(nodeHref(place.base, node));
  }

  function move(node: DocTreeNode, target: string | null) {
    if (node.root_id === target) return;
    if (target && isWithin(byId, target, node.id)) {
      notifications.show({ color: 'red', message: `${node.title} cannot move into its own subtree` });
      return;
    }
    update.mutate(
      { id: node.id, version: node.version, root_id: target },
      {
        onSuccess: () => notifications.show({ message: `Moved ${node.title}` }),
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );
  }

  /** Up or down among its siblings: the sort between the neighbours on the other side. */
  function reorder(node: DocTreeNode, direction: -1 | 1) {
    const siblings = node.root_id ? (byId.get(node.root_id)?.children ?? []) : nodes;
    const index = siblings.findIndex((sibling) => sibling.id === node.id);
    const neighbour = siblings[index + direction];
    if (!neighbour) return;
    const beyond = siblings[index + 2 * direction];
    const sort = beyond ? (neighbour.sort + beyond.sort) / 2 : neighbour.sort + direction;
    update.mutate(
      { id: node.id, version: node.version, sort },
      { onError: (error) => notifications.show({ color: 'red', message: errorText(error) }) },
    );
  }

  function dropOn(event: DragEvent, target: string | null) {
    event.preventDefault();
    event.stopPropagation();
    const node = dragged ? byId.get(dragged) : undefined;
    setDragged(null);
    if (node) move(node, target);
  }

  function onFiles(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      upload.mutate(
        { space: place.space, file, root_id: currentFolder },
        {
          onSuccess: (doc) => {
            notifications.show({ message: `Uploaded ${doc.title}` });
            go(nodeHref(place.base, doc));
          },
          onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
        },
      );
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" style={{ position: 'sticky', top: 16 }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} truncate title={spaceName}>
            {spaceName}
          </Text>
        </Group>
        <TextInput
          placeholder="Search documents"
          leftSection={<IconSearch size={16} />}
          readOnly
          onClick={() => setSearchOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') setSearchOpen(true);
          }}
          aria-label="Search documents"
          data-testid="docs-search-open"
        />
        {rights.add && (
          <Group gap={6} wrap="nowrap">
            <ToolButton
              icon={IconPlus}
              main
              onClick={() =>
                go(
                  `${place.base}/add${currentFolder ? `?folderId=${encodeURIComponent(currentFolder)}` : ''}`,
                )
              }
            >
              Page
            </ToolButton>
            <ToolButton icon={IconFolderPlus} onClick={() => setFolderModal({ parent: currentFolder })}>
              Folder
            </ToolButton>
            <ToolButton
              icon={IconUpload}
              loading={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              File
            </ToolButton>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="docs-upload-input"
              onChange={(event) => {
                onFiles(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
          </Group>
        )}
        <Divider />
        <Box
          onDragOver={(event) => dragged && event.preventDefault()}
          onDrop={(event) => dropOn(event, null)}
        >
          <SidebarTreeHeading title="Documents" />
        </Box>
        <Box mah="calc(100vh - 320px)" style={{ overflowY: 'auto' }}>
          <SidebarTreeBody
            data={data}
            tree={tree}
            loading={query.isPending}
            failed={query.isError}
            label="Documents"
            items="documents"
            emptyText="No documents yet."
            onPick={open}
            renderNode={(payload) => {
              const node = byId.get(payload.node.value);
              if (!node) return null;
              const Icon = KIND_ICONS[node.kind];
              return (
                <Box
                  draggable={rights.edit}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    setDragged(node.id);
                  }}
                  onDragOver={(event) => {
                    if (dragged && node.kind === 'folder') event.preventDefault();
                  }}
                  onDrop={(event) => node.kind === 'folder' && dropOn(event, node.id)}
                >
                  <TreeRow
                    payload={payload}
                    selected={node.id === selectedId}
                    testId={`docs-node-${node.title}`}
                    onPick={open}
                    leading={<Icon size={16} style={{ flexShrink: 0 }} />}
                    menu={
                      (rights.edit || rights.remove || rights.add) && (
                        <>
                          {rights.add && node.kind === 'folder' && (
                            <Menu.Item
                              leftSection={<IconFolderPlus size={14} />}
                              onClick={() => setFolderModal({ parent: node.id })}
                            >
                              New folder inside
                            </Menu.Item>
                          )}
                          {rights.edit && (
                            <>
                              <Menu.Item
                                leftSection={<IconPencil size={14} />}
                                onClick={() => setFolderModal({ parent: node.root_id, rename: node })}
                              >
                                Rename
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconArrowUp size={14} />}
                                onClick={() => reorder(node, -1)}
                              >
                                Move up
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconArrowDown size={14} />}
                                onClick={() => reorder(node, 1)}
                              >
                                Move down
                              </Menu.Item>
                              {node.root_id && (
                                <Menu.Item onClick={() => move(node, null)}>Move to the top</Menu.Item>
                              )}
                            </>
                          )}
                          {rights.remove && (
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setDeleting(node)}
                            >
                              Delete
                            </Menu.Item>
                          )}
                        </>
                      )
                    }
                  />
                </Box>
              );
            }}
          />
          {query.isError && (
            <Button variant="subtle" size="xs" onClick={() => void reloadMenu()}>
              Try again
            </Button>
          )}
        </Box>
        <Divider />
        <ActionButton
          variant="subtle"
          color="gray"
          icon={IconTrash}
          onClick={() => setTrashOpen(true)}
          justify="flex-start"
        >
          Trash
        </ActionButton>
      </Stack>
      <FolderModal
        opened={folderModal !== null}
        parent={folderModal?.parent ?? null}
        rename={folderModal?.rename ?? null}
        onClose={() => setFolderModal(null)}
        onCreated={(doc) => go(nodeHref(place.base, doc))}
      />
      <DeleteDocModal
        doc={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(doc) => {
          if (selectedId === doc.id || isWithin(byId, selectedId, doc.id)) go(place.base);
        }}
      />
      <SearchModal opened={searchOpen} onClose={() => setSearchOpen(false)} />
      <TrashModal opened={trashOpen} onClose={() => setTrashOpen(false)} />
    </Paper>
  );
}
