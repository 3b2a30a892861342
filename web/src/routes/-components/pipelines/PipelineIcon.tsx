/**
 * Spec section 4's twelve pipeline icons (job types and run states) and the run states' badge.
 * Drawn with @tabler/icons-react, which the app already ships, so every page (cards, run graph,
 * admin lists) shows the same icon for a name.
 */
import { Badge, type MantineColor, Tooltip } from '@mantine/core';
import type { PipelineIcon as IconName } from '@shared/domain/pipeline-catalogue';
import type { JobState } from '@shared/domain/pipeline-run';
import {
  IconBrandGit,
  IconBrandGolang,
  IconBrandJavascript,
  IconBrandNodejs,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClock,
  IconCoffee,
  IconHourglass,
  IconLetterM,
  IconLoader2,
  IconPlayerStop,
  IconPuzzle,
  IconServer,
  IconTerminal2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import './pipelines.css';

type Drawn = ComponentType<{ size?: number | string; stroke?: number; color?: string; className?: string }>;

const ICONS: Record<IconName, Drawn> = {
  Java: IconCoffee,
  cron: IconClock,
  default: IconPuzzle,
  finished: IconCircleCheck,
  git: IconBrandGit,
  go: IconBrandGolang,
  maven: IconLetterM,
  nodejs: IconBrandNodejs,
  nodejs1: IconBrandJavascript,
  running: IconLoader2,
  shell: IconTerminal2,
  ssh: IconServer,
};

/** What each icon stands for, for its label and the admin pages' icon choice. */
export const ICON_LABELS: Record<IconName, string> = {
  Java: 'Java',
  cron: 'Timing (cron)',
  default: 'General',
  finished: 'Finished',
  git: 'Git',
  go: 'Go',
  maven: 'Maven',
  nodejs: 'Node.js',
  nodejs1: 'Node.js scripts',
  running: 'Running',
  shell: 'Shell',
  ssh: 'SSH',
};

/** One of the twelve icons by name; an unknown name draws `default`. */
export function PipelineIcon({ name, size = 18 }: { name: string; size?: number }) {
  const Icon = ICONS[name as IconName] ?? IconPuzzle;
  return <Icon size={size} stroke={1.6} aria-hidden />;
}

interface StateLook {
  label: string;
  color: MantineColor;
  Icon: Drawn;
}

/** How each run, stage, job and step state shows: running and finished are spec icons. */
export const STATE_LOOK: Record<JobState, StateLook> = {
  queued: { label: 'Queued', color: 'gray', Icon: IconHourglass },
  running: { label: 'Running', color: 'blue', Icon: IconLoader2 },
  succeeded: { label: 'Succeeded', color: 'green', Icon: IconCircleCheck },
  failed: { label: 'Failed', color: 'red', Icon: IconCircleX },
  stopped: { label: 'Stopped', color: 'orange', Icon: IconPlayerStop },
  skipped: { label: 'Skipped', color: 'gray', Icon: IconCircleDashed },
};

/** The state's icon alone (in the graph and the step list), named for screen readers. */
export function StateIcon({ state, size = 16 }: { state: JobState; size?: number }) {
  const { Icon, color, label } = STATE_LOOK[state];
  return (
    <Tooltip label={label} withinPortal>
      <span
        role="img"
        aria-label={label}
        style={{ display: 'inline-flex', color: `var(--mantine-color-${color}-6)` }}
        className={state === 'running' ? 'pipeline-spin' : undefined}
      >
        <Icon size={size} stroke={1.8} />
      </span>
    </Tooltip>
  );
}

/** The state as a badge with its icon: "Failed". */
export function StateBadge({ state, testId }: { state: JobState; testId?: string }) {
  const { Icon, color, label } = STATE_LOOK[state];
  return (
    <Badge
      color={color}
      variant="light"
      leftSection={<Icon size={12} stroke={2} />}
      data-testid={testId}
      data-state={state}
    >
      {label}
    </Badge>
  );
}
