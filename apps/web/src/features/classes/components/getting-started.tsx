import {
  Anchor,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { CopySchoolCode } from '../../../app/shell/copy-school-code';
import { useSchoolDetails } from '../../dashboard/api/get-school-details';

const G = MESSAGES.gettingStarted;

/** Where students register, as this site's own address (e.g. http://localhost:3000/register). */
export function registerUrl(): string {
  return `${window.location.origin}/register`;
}

/** The school code with its Copy button, once loaded (nothing while loading or on failure). */
export function SchoolCodeToShare() {
  const school = useSchoolDetails();
  if (!school.data) return null;
  return <CopySchoolCode code={school.data.schoolCode} />;
}

export type TGettingStartedProgress = {
  /** Students registered in the school. */
  hasStudents: boolean;
  hasClasses: boolean;
  hasQuestions: boolean;
};

/** Which steps are done, from the school's student count and the teacher's own counts. */
export function gettingStartedProgress(
  totalStudents: number,
  activeClasses: number,
  totalQuestions: number,
): TGettingStartedProgress {
  return {
    hasStudents: totalStudents > 0,
    hasClasses: activeClasses > 0,
    hasQuestions: totalQuestions > 0,
  };
}

function Step({
  done,
  number,
  title,
  detail,
  link,
}: {
  done: boolean;
  number: number;
  title: string;
  detail: string;
  link?: { to: string; label: string } | undefined;
}) {
  return (
    <List.Item
      data-testid="getting-started-step"
      data-done={done ? 'true' : undefined}
      icon={
        <ThemeIcon
          size={24}
          radius="xl"
          color={done ? 'teal' : 'blue'}
          variant={done ? 'filled' : 'light'}
          aria-hidden
        >
          {done ? <IconCheck size={14} /> : <Text size="xs">{number}</Text>}
        </ThemeIcon>
      }
    >
      <Text size="sm" fw={600} td={done ? 'line-through' : undefined}>
        {title}
        {done && <VisuallyHidden> ({G.done})</VisuallyHidden>}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {detail}{' '}
        {link && !done && (
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            {link.label}
          </Anchor>
        )}
      </Text>
    </List.Item>
  );
}

/**
 * The teacher dashboard's "Get started" (issue 26): the school code with a Copy button and the three
 * steps to a first marked answer (students join with the code at /register, a class, questions),
 * each ticked once done. Gone once all three are done; the code stays in Settings.
 */
export function GettingStarted({ progress }: { progress: TGettingStartedProgress }) {
  if (progress.hasStudents && progress.hasClasses && progress.hasQuestions) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="getting-started-title"
      data-testid="getting-started"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="getting-started-title">
            {G.title}
          </Title>
          <Text size="sm" c="dimmed">
            {G.intro}
          </Text>
        </div>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <List spacing="md" listStyleType="none" style={{ flex: '1 1 320px' }} type="ordered">
            <Step
              number={1}
              done={progress.hasStudents}
              title={G.stepShare}
              detail={G.stepShareDetail(registerUrl())}
            />
            <Step
              number={2}
              done={progress.hasClasses}
              title={G.stepClass}
              detail={G.stepClassDetail}
              link={{ to: '/create-class', label: G.createClassLink }}
            />
            <Step
              number={3}
              done={progress.hasQuestions}
              title={G.stepQuestions}
              detail={G.stepQuestionsDetail}
              link={{ to: '/insert-question', label: G.addQuestionLink }}
            />
          </List>
          <SchoolCodeToShare />
        </Group>
      </Stack>
    </Paper>
  );
}
