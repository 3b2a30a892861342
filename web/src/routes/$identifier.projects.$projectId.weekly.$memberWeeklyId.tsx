import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { accessGuard } from '../lib/route-guards';
import { type DrawerTab, ReportDrawer } from './-components/weekly/ReportDrawer';

/** `/projects/{id}/weekly/{memberWeeklyId}` (spec section 2): a member's report over the team view. */
export const Route = createFileRoute('/$identifier/projects/$projectId/weekly/$memberWeeklyId')({
  beforeLoad: accessGuard('weekly'),
  component: function ProjectWeeklyDrawer() {
    const { identifier, projectId, memberWeeklyId } = Route.useParams();
    const navigate = Route.useNavigate();
    const [tab, setTab] = useState<DrawerTab>('1');
    return (
      <ReportDrawer
        id={memberWeeklyId}
        tab={tab}
        onTab={setTab}
        onClose={() =>
          void navigate({
            to: '/$identifier/projects/$projectId/weekly',
            params: { identifier, projectId },
            search: (search) => search,
          })
        }
      />
    );
  },
});
