import type { TRecentSubmission } from '@stem/contract/dashboard';
import { DashboardSection } from './dashboard-section';
import { RecentList } from './recent-list';
import { RecentSubmissionCard } from './recent-submission-card';

/**
 * The teacher's and the admin's Recent Submissions: the newest cards with the student's name, each
 * opening that submission in the full list (`listPath`), with View All to the list.
 */
export function RecentSubmissionsSection({
  loading,
  submissions,
  listPath,
}: {
  loading: boolean;
  submissions: TRecentSubmission[];
  listPath: string;
}) {
  return (
    <DashboardSection id="recent-submissions" title="Recent Submissions" viewAllTo={listPath}>
      <RecentList loading={loading} count={submissions.length}>
        {submissions.map((submission) => (
          <RecentSubmissionCard
            key={submission._id}
            submission={submission}
            to={listPath}
            state={{ openSubmissionId: submission._id }}
            showStudent
            hour12={false}
          />
        ))}
      </RecentList>
    </DashboardSection>
  );
}
