import { List } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { TRIAL_PLAN } from '@stem/contract/plans';

/** What a trial includes, from the plan table (spec 01 §9). */
export const TRIAL_INCLUDES = [
  `Full access for ${TRIAL_PLAN.days} days`,
  `${TRIAL_PLAN.maxTeachers} teacher account and ${TRIAL_PLAN.maxStudents} student account`,
  `Up to ${TRIAL_PLAN.maxClassesPerTeacher} classes and ${TRIAL_PLAN.maxQuestionsPerTeacher} questions`,
  `${TRIAL_PLAN.assessments} practice assessments, ${TRIAL_PLAN.aiMarkedWork} pieces of work marked by AI`,
  'No card needed',
] as const;

export function TrialIncludes() {
  return (
    <List
      spacing={6}
      icon={<IconCheck size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />}
    >
      {TRIAL_INCLUDES.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
