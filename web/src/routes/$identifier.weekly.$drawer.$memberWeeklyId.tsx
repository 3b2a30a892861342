import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { asDrawerTab, ReportDrawer } from './-components/weekly/ReportDrawer';

/**
 * `/{identifier}/weekly/1|2|3/{memberWeeklyId}` (spec section 2): a member's report in a drawer over
 * the weekly page; 1 the report, 2 the week's work behind it, 3 its history
 * (docs/weekly-reports.md, "The drawers"). Another number shows the report.
 */
export const Route = createFileRoute('/$identifier/weekly/$drawer/$memberWeeklyId')({
  beforeLoad: accessGuard('weekly'),
  component: function WeeklyDrawer() {
    const { identifier, drawer, memberWeeklyId } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <ReportDrawer
        id={memberWeeklyId}
        tab={asDrawerTab(drawer)}
        onTab={(tab) =>
          void navigate({
            to: '/$identifier/weekly/$drawer/$memberWeeklyId',
            params: { identifier, drawer: tab, memberWeeklyId },
            search: (search) => search,
            replace: true,
          })
        }
        onClose={() =>
          void navigate({ to: '/$identifier/weekly', params: { identifier }, search: (search) => search })
        }
      />
    );
  },
});
