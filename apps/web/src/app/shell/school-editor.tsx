import { Alert, Button, FileButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LOGO_MAX_BYTES, SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { LOGO_MIME_TYPES } from '@stem/contract/school';
import { isNoResponse, serverMessageOf } from '../../lib/http';
import { updateStoredUser, getStoredUser } from '../../lib/session';
import { updateSchoolLogo, updateSchoolName } from './school-api';

const S = MESSAGES.settings;

/** A success line that clears itself after 3 s (spec 01 §2). */
function useFlash(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}

function failureOf(error: unknown, network: string, fallback: string): string {
  if (isNoResponse(error)) return network;
  return serverMessageOf(error) ?? fallback;
}

/** Name edit (save, cancel) and logo upload (select, preview, save): teachers of a paid school. */
export function SchoolEditor({ schoolName }: { schoolName: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(schoolName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [success, flash] = useFlash();

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth', 'school-details'] });

  const saveName = useMutation({
    mutationFn: updateSchoolName,
    onSuccess: async (reply) => {
      setEditing(false);
      flash(reply.message);
      const user = getStoredUser();
      if (user?.school) updateStoredUser({ school: { ...user.school, name: reply.schoolName } });
      await refresh();
    },
    onError: (error) => setNameError(failureOf(error, S.nameNetwork, S.nameFailed)),
  });
  const saveLogo = useMutation({
    mutationFn: updateSchoolLogo,
    onSuccess: async (reply) => {
      setFile(null);
      setPreview(null);
      flash(reply.message);
      await refresh();
    },
    onError: (error) => setLogoError(failureOf(error, S.logoNetwork, S.logoUploadFailed)),
  });

  const pick = (picked: File | null) => {
    setLogoError(null);
    if (!picked) return;
    if (!(LOGO_MIME_TYPES as readonly string[]).includes(picked.type)) {
      setLogoError(S.logoType);
      return;
    }
    if (picked.size > LOGO_MAX_BYTES) {
      setLogoError(S.logoSize);
      return;
    }
    setFile(picked);
  };

  const submitName = () => {
    if (!name.trim()) {
      setNameError(S.nameEmpty);
      return;
    }
    setNameError(null);
    saveName.mutate(name.trim());
  };

  return (
    <Stack gap="sm">
      {success && (
        <Alert color="teal" role="status" py="xs">
          {success}
        </Alert>
      )}
      {editing ? (
        <Group align="flex-start" gap="xs">
          <TextInput
            label="School name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            style={{ flex: 1 }}
          />
          <Button mt={25} onClick={submitName} loading={saveName.isPending}>
            Save
          </Button>
          <Button
            mt={25}
            variant="default"
            onClick={() => {
              setEditing(false);
              setName(schoolName);
              setNameError(null);
            }}
          >
            Cancel
          </Button>
        </Group>
      ) : (
        <Group>
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            Edit school name
          </Button>
        </Group>
      )}
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={pick} accept={LOGO_MIME_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" size="xs">
                Choose logo
              </Button>
            )}
          </FileButton>
          {file && (
            <Button size="xs" onClick={() => saveLogo.mutate(file)} loading={saveLogo.isPending}>
              Save logo
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          JPG, PNG, GIF or SVG, at most 2 MB.
        </Text>
        {preview && (
          <Image src={preview} alt="New logo preview" w={72} h={72} fit="contain" radius="sm" />
        )}
        {logoError && (
          <Alert color="red" role="alert" py="xs">
            {logoError}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
