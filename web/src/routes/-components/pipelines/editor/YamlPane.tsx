import { yaml } from '@codemirror/lang-yaml';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Stack, Text, UnstyledButton } from '@mantine/core';
import { type DefinitionProblem, describeProblem } from '@shared/domain/pipeline-definition';
import CodeMirror, { EditorSelection, type EditorView } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';

const EXTENSIONS = [yaml(), lintGutter()];

/**
 * The definition as YAML in CodeMirror 6: typing here redraws the graph (after a pause); the
 * problems are marked at their lines and listed below, each a link to its line.
 */
export function YamlPane({
  text,
  problems,
  onChange,
  height,
}: {
  text: string;
  problems: DefinitionProblem[];
  onChange: (text: string) => void;
  height: string;
}) {
  const view = useRef<EditorView | null>(null);
  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnostics(editor, problems)));
  }, [problems]);
  const goTo = (line: number | null) => {
    const editor = view.current;
    if (!editor || line === null || line > editor.state.doc.lines) return;
    const at = editor.state.doc.line(line);
    editor.dispatch({ selection: EditorSelection.cursor(at.from), scrollIntoView: true });
    editor.focus();
  };
  const listed = useMemo(() => problems.slice(0, 20), [problems]);
  return (
    <Stack gap={4} data-testid="pipeline-yaml">
      <CodeMirror
        value={text}
        height={height}
        extensions={EXTENSIONS}
        onChange={onChange}
        onCreateEditor={(editor) => {
          view.current = editor;
        }}
        basicSetup={{ foldGutter: false, autocompletion: false }}
        aria-label="Pipeline YAML"
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 6,
          overflow: 'hidden',
          fontSize: 13,
        }}
      />
      <div data-testid="definition-problems" aria-live="polite">
        {listed.map((problem) => (
          <UnstyledButton key={describeProblem(problem)} onClick={() => goTo(problem.line)} display="block">
            <Text size="xs" c="red.7">
              {describeProblem(problem)}
            </Text>
          </UnstyledButton>
        ))}
        {problems.length > listed.length && (
          <Text size="xs" c="dimmed">
            and {problems.length - listed.length} more
          </Text>
        )}
      </div>
    </Stack>
  );
}

function diagnostics(editor: EditorView, problems: DefinitionProblem[]): Diagnostic[] {
  const { doc } = editor.state;
  return problems.map((problem) => {
    const line = doc.line(Math.min(Math.max(problem.line ?? 1, 1), doc.lines));
    return {
      from: line.from,
      to: line.to,
      severity: 'error',
      message: problem.field ? `${problem.field}: ${problem.message}` : problem.message,
    };
  });
}
