import {
  IconBox,
  IconBrandGit,
  IconBrandGolang,
  IconBrandNodejs,
  IconClock,
  IconCoffee,
  IconPuzzle,
  IconServer,
  IconTerminal2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

/** The palette's and the steps' icon by the node type's icon name (spec section 4's set). */
const ICONS: Record<string, Icon> = {
  shell: IconTerminal2,
  nodejs: IconBrandNodejs,
  nodejs1: IconBrandNodejs,
  maven: IconBox,
  Java: IconCoffee,
  go: IconBrandGolang,
  git: IconBrandGit,
  ssh: IconServer,
  cron: IconClock,
};

export function NodeIcon({ icon, size = 16 }: { icon: string | undefined; size?: number }) {
  const Drawn = (icon && ICONS[icon]) || IconPuzzle;
  return <Drawn size={size} stroke={1.6} />;
}
