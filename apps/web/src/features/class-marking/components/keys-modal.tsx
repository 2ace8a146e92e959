import { Kbd, Modal, Table, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';

const C = MESSAGES.classMarking;

/** "?": the screen's keys. */
export function KeysModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={C.keysTitle}
      centered
      closeButtonProps={{ 'aria-label': C.close }}
    >
      <Table verticalSpacing={6} data-testid="class-marking-keys">
        <Table.Tbody>
          {[...C.keys, ...MESSAGES.rubricItems.keys].map((line) => (
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
