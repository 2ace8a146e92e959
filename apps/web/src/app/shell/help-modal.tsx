import { Accordion, Modal, Stack, Text } from '@mantine/core';
import type { TRole } from '@stem/contract/roles';
import { HELP_TOPICS } from './help-topics';

/** The Help Center popup: topics for the signed-in user's role (spec 01 §2 "Shell"). */
export function HelpModal({
  opened,
  onClose,
  role,
}: {
  opened: boolean;
  onClose: () => void;
  role: TRole | null;
}) {
  const topics = role ? HELP_TOPICS[role] : [];
  return (
    <Modal opened={opened} onClose={onClose} title="Help Center" size="lg">
      {topics.length === 0 ? (
        <Text>Sign in again to see help for your account.</Text>
      ) : (
        <Accordion variant="separated" defaultValue={topics[0]?.id}>
          {topics.map((topic) => (
            <Accordion.Item key={topic.id} value={topic.id}>
              <Accordion.Control>{topic.title}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {topic.paragraphs.map((paragraph) => (
                    <Text key={paragraph} size="sm">
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Modal>
  );
}
