import { ColorSwatch, Group, type MantineSpacing, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/**
 * A colour picked from a short list of theme colours (a tag's, a label's): a row of swatches that
 * acts as a radio group, the picked one ticked. Each swatch is named by its colour for screen
 * readers, and with `tooltips` for the pointer too.
 */
export function ColorPicker<C extends string>({
  label,
  colors,
  value,
  onChange,
  size,
  gap = 'xs',
  tooltips = false,
}: {
  /** The radio group's accessible name: "Tag colour". */
  label: string;
  colors: readonly C[];
  value: C;
  onChange: (color: C) => void;
  /** The swatch's size in px (Mantine's default without). */
  size?: number;
  gap?: MantineSpacing | number;
  tooltips?: boolean;
}) {
  return (
    <Group gap={gap} role="radiogroup" aria-label={label}>
      {colors.map((option) => {
        const swatch = (
          <ColorSwatch
            key={option}
            component="button"
            type="button"
            role="radio"
            aria-checked={value === option}
            aria-label={option}
            color={`var(--mantine-color-${option}-6)`}
            size={size}
            onClick={() => onChange(option)}
            style={{ cursor: 'pointer', color: 'white' }}
          >
            {value === option && <IconCheck size={12} />}
          </ColorSwatch>
        );
        return tooltips ? (
          <Tooltip key={option} label={option}>
            {swatch}
          </Tooltip>
        ) : (
          swatch
        );
      })}
    </Group>
  );
}
