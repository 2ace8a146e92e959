import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ZUpdateLtiPlatformRequest, type TLtiPlatform } from '@stem/contract/lti';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { describeError } from '../../../lib/http';
import { updatePlatform } from '../api';

const T = LTI_MESSAGES.platforms;

/** One entry a line (or comma-separated), blanks dropped. */
export function linesOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The owner's changes to a registration (issue 29): its deployment ids (an LMS that registered
 * itself may give none until the tool is deployed) and the LMS's other addresses that may show
 * launches in a frame.
 */
export function PlatformEditDialog({
  platform,
  onClose,
  onSaved,
}: {
  platform: TLtiPlatform | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [deployments, setDeployments] = useState('');
  const [origins, setOrigins] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (platform && shownFor !== platform.id) {
    setShownFor(platform.id);
    setDeployments(platform.deploymentIds.join('\n'));
    setOrigins(platform.frameOrigins.join('\n'));
    setErrors({});
  }
  const save = useMutation({
    mutationFn: (body: { deploymentIds: string[]; frameOrigins: string[] }) =>
      updatePlatform(platform?.id ?? '', body),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: ['lti-platforms'] });
      onSaved(reply.message);
      setShownFor(null);
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdateLtiPlatformRequest.safeParse({
      deploymentIds: linesOf(deployments),
      frameOrigins: linesOf(origins),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Modal
      opened={platform !== null}
      onClose={() => {
        setShownFor(null);
        onClose();
      }}
      title={platform ? T.edit(platform.name) : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {save.isError && (
            <Alert color="red" role="alert">
              {describeError(save.error)}
            </Alert>
          )}
          <Textarea
            label={T.deploymentIds}
            value={deployments}
            onChange={(e) => setDeployments(e.currentTarget.value)}
            error={errors.deploymentIds}
            autosize
            minRows={2}
            required
          />
          <Textarea
            label={T.frameOrigins}
            description={T.frameOriginsHelp}
            value={origins}
            onChange={(e) => setOrigins(e.currentTarget.value)}
            error={errors.frameOrigins}
            autosize
            minRows={2}
          />
          {platform && (
            <Text size="sm" c="dimmed">
              {T.framedBy}: {platform.framedBy.join(', ')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setShownFor(null);
                onClose();
              }}
            >
              {T.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
