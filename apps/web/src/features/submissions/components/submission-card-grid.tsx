import { Paper, SimpleGrid, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { LoadMore } from '../../../components/paged-list/load-more';
import type { TSubmissionCard } from '../api/submission-pages';
import { TeacherSubmissionCard } from './teacher-submission-card';

const T = MESSAGES.submissionsPage;

type TSubmissionCardGridProps = {
  submissions: readonly TSubmissionCard[];
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
};

/**
 * The cards of the shared submissions list (spec 02 §2) as the teacher and the admin see them, three
 * to a row on a wide screen, with "no matches" when a search or filter leaves none, and the next page
 * on demand.
 */
export function SubmissionCardGrid({
  submissions,
  onOpen,
  hasMore,
  loadingMore,
  onMore,
}: TSubmissionCardGridProps) {
  return (
    <>
      {submissions.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed" role="status">
            {T.noMatches}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {submissions.map((submission) => (
            <li key={submission._id}>
              <TeacherSubmissionCard submission={submission} onOpen={onOpen} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <LoadMore hasMore={hasMore} loading={loadingMore} onMore={onMore} />
    </>
  );
}
