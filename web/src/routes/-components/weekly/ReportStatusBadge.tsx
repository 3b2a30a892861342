import { Badge } from '@mantine/core';
import type { ReportSummary } from '@shared/schemas/weekly';

/** Submitted, draft, or nothing written yet. */
export function ReportStatusBadge({ report }: { report: Pick<ReportSummary, 'status'> | null }) {
  if (!report) {
    return (
      <Badge variant="light" color="red" data-testid="report-status">
        Not submitted
      </Badge>
    );
  }
  return report.status === 'submitted' ? (
    <Badge variant="light" color="green" data-testid="report-status">
      Submitted
    </Badge>
  ) : (
    <Badge variant="light" color="yellow" data-testid="report-status">
      Draft
    </Badge>
  );
}
