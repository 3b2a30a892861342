import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Markdown } from '../../../components/Markdown/Markdown';
import { MARKDOWN_NO_HTML, MarkdownTextarea } from '../../../kit/FormModal/fields';

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
  minRows?: number;
}

/** A markdown text with a Write / Preview switch; the preview renders as the page will. */
export function MarkdownField({
  label,
  value,
  onChange,
  error,
  placeholder,
  minRows = 5,
}: MarkdownFieldProps) {
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
          placeholder={placeholder}
          minRows={minRows}
          maxRows={18}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      ) : (
        <Paper withBorder p="md" mih={120}>
          {value.trim() ? <Markdown>{value}</Markdown> : <Text c="dimmed">Nothing to preview.</Text>}
        </Paper>
      )}
    </Stack>
  );
}
