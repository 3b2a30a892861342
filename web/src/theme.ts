import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm indigo-blue: strong enough for primary actions, quiet enough for a tool used all day. */
const brand: MantineColorsTuple = [
  '#edf2ff',
  '#dbe4ff',
  '#bac8ff',
  '#91a7ff',
  '#748ffc',
  '#5c7cfa',
  '#4c6ef5',
  '#4263eb',
  '#3b5bdb',
  '#364fc7',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { fw: 550 } },
    Card: { defaultProps: { withBorder: true, padding: 'lg', radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Table: {
      defaultProps: {
        verticalSpacing: 'sm',
        horizontalSpacing: 'md',
        highlightOnHover: true,
        striped: false,
      },
    },
    TextInput: { defaultProps: { size: 'sm' } },
    // Mantine names the eye button "Toggle password visibility", which a label lookup for
    // "Password" would also find; this name keeps the field's label unique.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what you typed' } },
    },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 150 } },
    Modal: { defaultProps: { centered: true, radius: 'md' } },
    Badge: {
      defaultProps: { radius: 'sm' },
      // Chromium sizes the default inline-grid badge a few pixels short of its label inside
      // tables, cutting "In progress" to "In progre…"; a flex row sizes to its content.
      styles: { root: { display: 'inline-flex', alignItems: 'center' } },
    },
  },
});
