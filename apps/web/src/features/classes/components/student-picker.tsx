import { Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentRef } from '@stem/contract/teaching';

const T = MESSAGES.classesPage;

/** Students whose name or e-mail contains the search text (any case). */
export function filterStudents(students: TStudentRef[], search: string): TStudentRef[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return students;
  return students.filter(
    (s) => s.name.toLowerCase().includes(needle) || s.email.toLowerCase().includes(needle),
  );
}

type TProps = {
  students: TStudentRef[];
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
};

/** The school's students with checkboxes and a search box (spec 02 §2, step 2 Add Students). */
export function StudentPicker({ students, selected, onChange }: TProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterStudents(students, search), [students, search]);
  const allShownSelected = shown.length > 0 && shown.every((s) => selected.has(s._id));
  const someShownSelected = shown.some((s) => selected.has(s._id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  const toggleShown = () => {
    const next = new Set(selected);
    for (const student of shown) {
      if (allShownSelected) next.delete(student._id);
      else next.add(student._id);
    }
    onChange(next);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={T.searchStudents}
        placeholder={T.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Group justify="space-between">
        <Checkbox
          label={T.selectAll}
          checked={allShownSelected}
          indeterminate={!allShownSelected && someShownSelected}
          disabled={shown.length === 0}
          onChange={toggleShown}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {T.selectedCount(selected.size)}
        </Text>
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed">{T.noMatchingStudents}</Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack gap={0} role="group" aria-label={T.stepAddStudents}>
            {shown.map((student) => (
              <Checkbox
                key={student._id}
                py="xs"
                px="xs"
                checked={selected.has(student._id)}
                onChange={() => toggle(student._id)}
                aria-label={T.selectStudentLabel(student.name, student.email)}
                label={
                  <div>
                    <Text size="sm" fw={600}>
                      {student.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {student.email}
                    </Text>
                  </div>
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
