import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { OWNER_LOGO_TYPES } from '@stem/contract/owner';
import { generateSchoolCode } from '@stem/contract/school-code';
import { cleanCode, validateSchoolForm, type TSchoolFormValues } from '../school-flow';

type TErrors = Partial<Record<keyof TSchoolFormValues, string>>;

/**
 * The Add New School and Edit School form (spec 02 §2, §5). On edit the code is shown but cannot be
 * changed and no accounts are made; Edit can also toggle active.
 */
export function SchoolForm({
  mode,
  initial,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  mode: 'add' | 'edit';
  initial: TSchoolFormValues;
  busy: boolean;
  onSubmit: (values: TSchoolFormValues) => void;
  onCancel: () => void;
  /** Shown under the form (the school's recent changes on edit). */
  children?: ReactNode;
}) {
  const [values, setValues] = useState<TSchoolFormValues>(initial);
  const [errors, setErrors] = useState<TErrors>({});
  const editing = mode === 'edit';
  const planOrientation = useMatches<'vertical' | 'horizontal'>({
    base: 'vertical',
    sm: 'horizontal',
  });
  const set = <K extends keyof TSchoolFormValues>(key: K, value: TSchoolFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSchoolForm(values, editing);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(values);
  };

  const title = editing ? 'Edit School' : 'Add New School';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="School Name"
              required
              value={values.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <TextInput
              label="School Code"
              required={!editing}
              value={values.code}
              disabled={editing}
              description={
                editing ? 'The school code cannot be changed.' : MESSAGES.owner.codeDescription
              }
              error={errors.code}
              // No maxLength: it would cut a pasted "XXXX-XXXX-XXXX-XXXX" before the dashes go;
              // cleanCode keeps 16 characters.
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
              onChange={(e) => set('code', cleanCode(e.currentTarget.value))}
              rightSection={
                editing ? null : (
                  <ActionIcon
                    variant="subtle"
                    aria-label={MESSAGES.owner.newCode}
                    title={MESSAGES.owner.newCode}
                    onClick={() => set('code', generateSchoolCode())}
                  >
                    <IconRefresh size={16} aria-hidden />
                  </ActionIcon>
                )
              }
            />
          </SimpleGrid>
          <FileInput
            label="School Logo (optional)"
            placeholder="JPEG or PNG"
            accept={OWNER_LOGO_TYPES.join(',')}
            clearable
            value={values.logo}
            error={errors.logo}
            onChange={(file) => set('logo', file)}
          />
          {editing ? (
            <Switch
              label="Active"
              checked={values.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
            />
          ) : (
            <>
              <div>
                <Text size="sm" fw={500} mb={4} id="school-type-label">
                  Plan
                </Text>
                {/* Side by side the two plan names do not fit a phone: one above the other there. */}
                <SegmentedControl
                  aria-labelledby="school-type-label"
                  fullWidth
                  orientation={planOrientation}
                  value={values.schoolType}
                  onChange={(v) => set('schoolType', v === 'personal' ? 'personal' : 'classroom')}
                  data={[
                    { value: 'classroom', label: 'Classroom Success Plan' },
                    { value: 'personal', label: 'Personal Learning Plan' },
                  ]}
                />
              </div>
              {values.schoolType === 'classroom' ? (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label="Admin Email"
                      type="email"
                      required
                      value={values.adminEmail}
                      error={errors.adminEmail}
                      onChange={(e) => set('adminEmail', e.currentTarget.value)}
                    />
                    <PasswordInput
                      label="Admin Password"
                      required
                      value={values.adminPassword}
                      error={errors.adminPassword}
                      onChange={(e) => set('adminPassword', e.currentTarget.value)}
                    />
                  </SimpleGrid>
                  <Text size="sm" c="dimmed">
                    {MESSAGES.owner.welcomeNoteAdmin} A default teacher account is made too, with an
                    e-mail address from the school code and a one-time password shown to you once.
                  </Text>
                </>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="Teacher Name"
                    required
                    value={values.teacherName}
                    error={errors.teacherName}
                    onChange={(e) => set('teacherName', e.currentTarget.value)}
                  />
                  <TextInput
                    label="Teacher Email"
                    type="email"
                    required
                    value={values.teacherEmail}
                    error={errors.teacherEmail}
                    onChange={(e) => set('teacherEmail', e.currentTarget.value)}
                  />
                  <PasswordInput
                    label="Teacher Password"
                    required
                    value={values.teacherPassword}
                    error={errors.teacherPassword}
                    onChange={(e) => set('teacherPassword', e.currentTarget.value)}
                  />
                  <Text size="sm" c="dimmed" style={{ gridColumn: '1 / -1' }}>
                    {MESSAGES.owner.welcomeNoteTeacher}
                  </Text>
                </SimpleGrid>
              )}
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Update School' : 'Add School'}
            </Button>
          </Group>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
