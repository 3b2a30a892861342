/**
 * `/{identifier}/pipeline/test`: a scratch page to try a definition before it is saved anywhere.
 * The spec names the page and nothing more; we made it the place to check YAML: paste it (or
 * start from a template), and it is checked in the browser by the same function the server runs
 * on save (`checkDefinition`, against the enterprise's action nodes), showing every problem with
 * its line and field, or the stages, jobs and steps it would run. Nothing is written.
 */
import { Alert, Button, Card, Group, List, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { DefinitionResult } from '@shared/domain/pipeline-definition';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { COMBOBOX_PROPS } from '../../../kit/FormModal/fields';
import { actionNodesQueryOptions, templatesQueryOptions } from './queries';

export function DefinitionCheckPage({ identifier }: { identifier: string }) {
  useDocumentTitle('Check a pipeline definition');
  const nodes = useQuery(actionNodesQueryOptions());
  const templates = useQuery(templatesQueryOptions());
  const [yaml, setYaml] = useState('');
  const [result, setResult] = useState<DefinitionResult | null>(null);
  const [checking, setChecking] = useState(false);

  async function check() {
    if (!nodes.data) return;
    setChecking(true);
    try {
      const { checkDefinition } = await import('@shared/domain/pipeline-definition');
      setResult(await checkDefinition(yaml, nodes.data));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack gap="md">
      <LinkAnchor to="/$identifier/pipeline" params={{ identifier }} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Pipelines
        </Group>
      </LinkAnchor>
      <PageTitle title="Check a pipeline definition">
        Paste a pipeline's YAML, or start from a template, and check it against this enterprise's action nodes
        as saving it would. Nothing is saved: create a pipeline from the pipelines page to keep it.
      </PageTitle>
      <Card withBorder>
        <Stack gap="sm">
          <Select
            label="Start from a template"
            placeholder="Pick a template"
            w={{ base: '100%', sm: 320 }}
            data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            comboboxProps={COMBOBOX_PROPS}
            onChange={(value) => {
              const template = templates.data?.find((t) => t.id === value);
              if (template) setYaml(template.yaml);
              setResult(null);
            }}
          />
          <Textarea
            label="Definition (YAML)"
            value={yaml}
            onChange={(event) => {
              setYaml(event.currentTarget.value);
              setResult(null);
            }}
            autosize
            minRows={12}
            maxRows={28}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Group>
            <Button
              onClick={() => void check()}
              loading={checking || nodes.isPending}
              disabled={!yaml.trim()}
            >
              Check
            </Button>
          </Group>
          {result && <CheckResult result={result} />}
        </Stack>
      </Card>
    </Stack>
  );
}

function CheckResult({ result }: { result: DefinitionResult }) {
  if (!result.ok)
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={`${result.problems.length} ${result.problems.length === 1 ? 'problem' : 'problems'}`}
        data-testid="definition-problems"
      >
        <List size="sm" spacing={4}>
          {result.problems.map((p) => (
            <List.Item key={`${p.line}-${p.field}-${p.message}`}>
              {p.line !== null && <b>Line {p.line}, </b>}
              <Text span ff="monospace" size="sm">
                {p.field || 'document'}
              </Text>
              : {p.message}
            </List.Item>
          ))}
        </List>
      </Alert>
    );
  const { definition } = result;
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck size={18} />}
      title="The definition is valid"
      data-testid="definition-ok"
    >
      <Stack gap="xs">
        <Title order={4} fz="sm">
          {definition.name}
        </Title>
        {definition.stages.map((stage, i) => (
          <Text key={stage.id} size="sm">
            {i + 1}. {stage.name || stage.id}:{' '}
            {stage.jobs
              .map((job) => `${job.name || job.id} (${job.steps.map((s) => s.uses).join(' → ')})`)
              .join(', ')}
          </Text>
        ))}
        {definition.parameters.length > 0 && (
          <Text size="sm">
            Asks for {definition.parameters.map((p) => p.name).join(', ')} when it starts.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
