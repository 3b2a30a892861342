/** The fields the catalogue's form pages share. */
import {
  NumberInput,
  type NumberInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';

/** The key field of a node type or node: chosen once, shown fixed once the item exists. */
export function KeyField({ fixed, ...props }: TextInputProps & { fixed: boolean }) {
  return <TextInput label="Key" withAsterisk={!fixed} disabled={fixed} {...props} />;
}

/** The description every catalogue item may have. */
export function DescriptionField(props: Omit<TextareaProps, 'label'>) {
  return <Textarea label="Description" autosize minRows={2} maxLength={500} {...props} />;
}

/** A script or a definition: monospaced, no spelling marks, growing with its lines. */
export function CodeField(props: TextareaProps) {
  return (
    <Textarea
      autosize
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      {...props}
    />
  );
}

/** Where the item stands in its list and in the editor's palette. */
export function SortField(props: Omit<NumberInputProps, 'label'>) {
  return <NumberInput label="Sort" min={0} max={10000} w={160} {...props} />;
}
