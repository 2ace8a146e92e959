import { ActionIcon, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPhoto, IconX } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';
import { isPdf } from '../../../lib/images';

const T = MESSAGES.uploadPage;

/** The chosen work: the picture itself, or an icon and the name for PDF and TIFF files. */
export function FilePreview({
  file,
  previewUrl,
  onRemove,
  disabled,
}: {
  file: File;
  previewUrl: string | null;
  onRemove: () => void;
  disabled: boolean;
}) {
  const Icon = isPdf(file) ? IconFileTypePdf : IconPhoto;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="file-preview">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" truncate="end">
              {file.name}
            </Text>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onRemove}
            disabled={disabled}
            aria-label={T.removeFile}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {previewUrl && (
          <Image
            src={previewUrl}
            alt={T.previewAlt(file.name)}
            mah={360}
            fit="contain"
            radius="sm"
          />
        )}
      </Stack>
    </Paper>
  );
}
