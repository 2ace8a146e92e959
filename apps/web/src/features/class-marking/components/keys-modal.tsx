import { Kbd, Modal, Table, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';

const C = MESSAGES.classMarking;

/** "?": the screen's keys. */
export function KeysModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={C.keysTitle} centered>
      <Table verticalSpacing={6} data-testid="class-marking-keys">
        <Table.Tbody>
          {C.keys.map(([keys, what]) => (
            <Table.Tr key={keys}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.split(/\s{2}/).map((key, i) =>
                  key === 'or' || key === 'then' ? (
                    <Text key={i} span size="xs" c="dimmed" mx={4}>
                      {key}
                    </Text>
                  ) : (
                    <Kbd key={i}>{key}</Kbd>
                  ),
                )}
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
