import { Badge } from '@mantine/core';
import type { ReportSummary } from '@shared/schemas/weekly';

/** A status is read in full: beside a long project name the badge keeps its width, the name wraps. */
const WHOLE = { flexShrink: 0 } as const;

/** Submitted, draft, or nothing written yet. */
export function ReportStatusBadge({ report }: { report: Pick<ReportSummary, 'status'> | null }) {
  if (!report) {
    return (
      <Badge variant="light" color="red" data-testid="report-status" style={WHOLE}>
        Not submitted
      </Badge>
    );
  }
  return report.status === 'submitted' ? (
    <Badge variant="light" color="green" data-testid="report-status" style={WHOLE}>
      Submitted
    </Badge>
  ) : (
    <Badge variant="light" color="yellow" data-testid="report-status" style={WHOLE}>
      Draft
    </Badge>
  );
}
