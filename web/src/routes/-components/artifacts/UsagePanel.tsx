import {
  ActionIcon,
  Anchor,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/** A client setting to copy: a title, the text in a code block, and its copy button. */
function Snippet({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                onClick={copy}
                aria-label={`Copy ${title.toLowerCase()}`}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code block fz="xs" style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
        {text}
      </Code>
    </Stack>
  );
}

const TOKEN = '$ARTIFACT_TOKEN';

/** The snippets of each format's client, for a repository at `base` (ends with `/`). */
export function clientSnippets(
  repository: Pick<ArtifactRepository, 'format' | 'type' | 'name'>,
  base: string,
  login: string,
): { title: string; text: string }[] {
  const address = new URL(base);
  const hostPath = `//${address.host}${address.pathname}`;
  const userinfo = `${login}:${TOKEN}`;
  const publishes = repository.type === 'hosted';
  switch (repository.format) {
    case 'npm':
      return [
        { title: 'Use it as the registry', text: `npm config set registry ${base}` },
        { title: '.npmrc', text: `registry=${base}\n${hostPath}:_authToken=\${ARTIFACT_TOKEN}` },
        ...(publishes ? [{ title: 'Publish', text: `npm publish --registry ${base}` }] : []),
      ];
    case 'maven2':
      return [
        {
          title: 'settings.xml',
          text: `<settings>\n  <servers>\n    <server>\n      <id>${repository.name}</id>\n      <username>${login}</username>\n      <password>\${env.ARTIFACT_TOKEN}</password>\n    </server>\n  </servers>\n</settings>`,
        },
        {
          title: publishes ? 'pom.xml (read and deploy)' : 'pom.xml',
          text: `<repositories>\n  <repository>\n    <id>${repository.name}</id>\n    <url>${base}</url>\n  </repository>\n</repositories>${
            publishes
              ? `\n<distributionManagement>\n  <repository>\n    <id>${repository.name}</id>\n    <url>${base}</url>\n  </repository>\n</distributionManagement>`
              : ''
          }`,
        },
      ];
    case 'pypi': {
      const simple = `${address.protocol}//${userinfo}@${address.host}${address.pathname}simple/`;
      return [
        { title: 'Install', text: `pip install --index-url ${simple} PACKAGE` },
        ...(publishes
          ? [
              {
                title: 'Upload',
                text: `twine upload --repository-url ${base} -u ${login} -p ${TOKEN} dist/*`,
              },
            ]
          : []),
      ];
    }
    case 'raw':
      return [
        ...(publishes
          ? [
              {
                title: 'Upload a file',
                text: `curl -u ${userinfo} --upload-file ./report.pdf ${base}docs/report.pdf`,
              },
            ]
          : []),
        { title: 'Download a file', text: `curl -u ${userinfo} -L -O ${base}docs/report.pdf` },
      ];
  }
}

/**
 * "How to use": the repository's address on this site and the settings of its format's client,
 * signing in with an access token from the account page.
 */
export function UsagePanel({ repository }: { repository: ArtifactRepository }) {
  const { me } = useCurrentEnterprise();
  const base = new URL(repository.url, window.location.origin).toString();
  return (
    <Card withBorder data-testid="repository-usage">
      <Stack gap="sm">
        <Title order={2} fz="md">
          How to use
        </Title>
        <Snippet title="Address" text={base} />
        {clientSnippets(repository, base, me.user.login).map((snippet) => (
          <Snippet key={snippet.title} {...snippet} />
        ))}
        <Text size="xs" c="dimmed">
          Set <Code>ARTIFACT_TOKEN</Code> to an access token:{' '}
          <Anchor component={Link} to="/account/password" hash="access-tokens" size="xs">
            create one on your account page
          </Anchor>{' '}
          (read to install, write to publish).
          {repository.anonymousRead && ' Anyone may read this repository without a token.'}
        </Text>
      </Stack>
    </Card>
  );
}
