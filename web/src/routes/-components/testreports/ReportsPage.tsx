import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useOpenTestMenu } from '../testcases/use-test-menu';
import { ReportFormModal } from './ReportFormModal';
import { ReportList } from './ReportList';
import { ReportView } from './ReportView';

/**
 * Test reports (`/test/report` and `/test/report/{reportId}`): the list with New report, or one
 * report with its charts and snapshot.
 */
export function ReportsPage({ projectId, menuId }: { projectId: string; menuId?: string }) {
  const open = useOpenTestMenu(projectId, 'report');
  const [creating, setCreating] = useState(false);
  useDocumentTitle('Test reports');

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
      {creating && (
        <ReportFormModal
          projectId={projectId}
          onClose={() => setCreating(false)}
          onCreated={(report) => open(report.id)}
        />
      )}
    </>
  );
}
