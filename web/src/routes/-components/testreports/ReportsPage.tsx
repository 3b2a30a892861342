import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { ReportFormModal } from './ReportFormModal';
import { ReportList } from './ReportList';
import { ReportView } from './ReportView';

const TEST_TYPE = 'report';

/**
 * Test reports (`/test/report` and `/test/report/{reportId}`): the list with New report, or one
 * report with its charts and snapshot.
 */
export function ReportsPage({ projectId, menuId }: { projectId: string; menuId?: string }) {
  const { enterprise } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useDocumentTitle('Test reports');

  const open = (reportId: string | null) =>
    reportId === null
      ? void navigate({
          to: '/$identifier/projects/$projectId/test/$testType',
          params: { identifier, projectId, testType: TEST_TYPE },
        })
      : void navigate({
          to: '/$identifier/projects/$projectId/test/$testType/$menuId',
          params: { identifier, projectId, testType: TEST_TYPE, menuId: reportId },
        });

  return (
    <>
      {menuId ? (
        <ReportView
          projectId={projectId}
          reportId={menuId}
          onBack={() => open(null)}
          onDeleted={() => open(null)}
        />
      ) : (
        <ReportList
          projectId={projectId}
          onOpen={(report) => open(report.id)}
          onCreate={() => setCreating(true)}
        />
      )}
      <ReportFormModal
        projectId={projectId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(report) => open(report.id)}
      />
    </>
  );
}
