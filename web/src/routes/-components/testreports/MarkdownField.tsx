import { Paper, SegmentedControl, Stack, Text, type TextareaProps } from '@mantine/core';
import { useState } from 'react';
import { Markdown } from '../../../components/Markdown/Markdown';
import { MARKDOWN_NO_HTML, MarkdownTextarea } from '../../../kit/FormModal/fields';

/** The textarea's props (`form.getInputProps` fits), with the label and text the preview needs. */
type MarkdownFieldProps = Omit<TextareaProps, 'value'> & { label: string; value?: string };

/** A markdown text with a Write / Preview switch; the preview renders as the page will. */
export function MarkdownField({ label, value = '', ...textarea }: MarkdownFieldProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        w="fit-content"
        aria-label={`${label} editor mode`}
        data={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        value={mode}
        onChange={(next) => setMode(next as 'write' | 'preview')}
      />
      {mode === 'write' ? (
        <MarkdownTextarea
          label={label}
          description={MARKDOWN_NO_HTML}
          minRows={5}
          maxRows={18}
          value={value}
          {...textarea}
        />
      ) : (
        <Paper withBorder p="md" mih={120}>
          {value.trim() ? <Markdown>{value}</Markdown> : <Text c="dimmed">Nothing to preview.</Text>}
        </Paper>
      )}
    </Stack>
  );
}
