import { Kbd, Modal, Table, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';

const C = MESSAGES.classMarking;

type TKeyLine = { keys: readonly string[]; join: 'or' | 'then'; what: string };

/** "?": a view's keys, one line each (the one-at-a-time view's by default). */
export function KeysModal({
  opened,
  onClose,
  title = C.keysTitle,
  lines = [...C.keys, ...MESSAGES.rubricItems.keys],
  testId = 'class-marking-keys',
}: {
  opened: boolean;
  onClose: () => void;
  title?: string;
  lines?: readonly TKeyLine[];
  testId?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': C.close }}
    >
      <Table verticalSpacing={6} data-testid={testId}>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.what}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {line.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && (
                      <Text span size="xs" c="dimmed" mx={4}>
                        {C.keyJoin[line.join]}
                      </Text>
                    )}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{line.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
