import { ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DRAG_NODE, useEditor } from './editor-context';
import { NodeIcon } from './node-icons';

/** The action nodes to drag onto a job, a stage or the new-stage zone. */
export function Palette() {
  const { actionNodes, selected, addStep } = useEditor();
  const job = jobOf(selected);
  const [filter, setFilter] = useState('');
  const shown = actionNodes.filter((n) =>
    `${n.name} ${n.key} ${n.nodeTypeKey}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Stack gap="xs" h="100%" data-testid="pipeline-palette">
      <Text fw={600} size="sm">
        Action nodes
      </Text>
      <TextInput
        size="xs"
        placeholder="Find a node"
        aria-label="Find an action node"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        {job
          ? 'Drag one onto a job or a stage, or click one to add it to the selected job.'
          : 'Drag one onto a job or a stage.'}
      </Text>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={6} pr={6}>
          {shown.map((node) => (
            <button
              type="button"
              key={node.key}
              className="pe-palette-item"
              draggable
              onClick={() => job && addStep(job, node.key)}
              data-testid={`palette-${node.key}`}
              title={node.description || node.commandTemplate}
              onDragStart={(event) => {
                event.dataTransfer.setData(DRAG_NODE, node.key);
                event.dataTransfer.effectAllowed = 'copyMove';
              }}
            >
              <NodeIcon icon={node.icon} />
              <span
                style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {node.name}
              </span>
            </button>
          ))}
          {shown.length === 0 && (
            <Text size="xs" c="dimmed">
              No action node matches.
            </Text>
          )}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

/** The job of the selected job or step (`s0.j1`, `s0.j1.t2`), where a clicked node goes. */
function jobOf(selected: string | null): { stage: number; job: number } | null {
  const match = /^s(\d+)\.j(\d+)/.exec(selected ?? '');
  return match ? { stage: Number(match[1]), job: Number(match[2]) } : null;
}
