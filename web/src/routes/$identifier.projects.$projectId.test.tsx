import { Stack, Tabs } from '@mantine/core';
import { IconChartPie, IconClipboardList, IconListCheck } from '@tabler/icons-react';
import { createFileRoute, Outlet, useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { requireAccess } from '../lib/route-guards';
import { requireTestAccess, TEST_AREAS } from './-components/testcases/test-access';

/**
 * The project's test area: sub-tabs for the case library, the test sheets and the reports, above
 * the page of the one picked. The project's header and tabs stay (the parent project layout).
 */
export const Route = createFileRoute('/$identifier/projects/$projectId/test')({
  beforeLoad: ({ context }) => {
    requireAccess(context.access, 'projects');
    requireTestAccess(context);
  },
  component: TestLayout,
});

const ICONS = { case: IconListCheck, sheet: IconClipboardList, report: IconChartPie } as const;

function TestLayout() {
  const { enterprise, can } = useCurrentEnterprise();
  const { projectId } = Route.useParams();
  const testType = useParams({ strict: false, select: (params) => params.testType });
  const navigate = useNavigate();
  const router = useRouter();
  const areas = TEST_AREAS.filter((area) => can(area.permission));
  const tabs = areas.map((area) => ({ ...area, Icon: ICONS[area.testType] }));
  const params = { identifier: enterprise.enterpriseIdentifier, projectId };
  const to = '/$identifier/projects/$projectId/test/$testType' as const;

  return (
    <Stack gap="md">
      <Tabs
        variant="pills"
        radius="md"
        value={testType ?? null}
        onChange={(value) => {
          if (value) void navigate({ to, params: { ...params, testType: value } });
        }}
        activateTabWithKeyboard={false}
      >
        <Tabs.List aria-label="Test management">
          {tabs.map((area) => (
            <Tabs.Tab
              key={area.testType}
              value={area.testType}
              leftSection={<area.Icon size={16} />}
              onMouseEnter={() =>
                void router
                  .preloadRoute({ to, params: { ...params, testType: area.testType } })
                  .catch(() => undefined)
              }
            >
              {area.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
