import { Anchor, Box, Image, Modal, Skeleton, Text } from '@mantine/core';
import { useDisclosure, useInViewport } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { fillPath } from '@stem/contract/api';
import { SCAN_MESSAGES, SCAN_PATHS } from '@stem/contract/scans';
import { api } from '../../lib/http';

type TProps = {
  /** The kept image's id (GET /scan/crops/{cropId}); null when none is kept (any more). */
  cropId: string | null;
  /** What the image is of ("Page 3 of 30"), for its alternative text. */
  place: string;
};

/**
 * The scan an answer was read from (issue 28), shown beside the text: fetched with the teacher's
 * sign-in (the server never lets it be cached) only once it scrolls into view, held in memory as a
 * blob while shown. With no image kept (the batch was checked, or 14 days passed) it says so.
 */
export function ScanCrop({ cropId, place }: TProps) {
  const { ref, inViewport } = useInViewport();
  // Once seen it stays loaded; without IntersectionObserver (an old browser) it loads at once.
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  if (inViewport && !seen) setSeen(true);
  const image = useQuery({
    queryKey: ['scan-crop', cropId],
    enabled: cropId !== null && seen,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    queryFn: () =>
      api.get<Blob>(fillPath(SCAN_PATHS.crop, { cropId: cropId ?? '' }), undefined, {
        responseType: 'blob',
      }),
  });
  const src = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  const alt = SCAN_MESSAGES.cropAlt(place);
  const [enlarged, { open, close }] = useDisclosure(false);
  return (
    <Box ref={ref} data-testid="scan-crop">
      {cropId === null || image.isError ? (
        <Text size="sm" c="dimmed">
          {SCAN_MESSAGES.cropGone}
        </Text>
      ) : src ? (
        <>
          <Image
            src={src}
            alt={alt}
            radius="sm"
            fit="contain"
            mah={360}
            style={{ border: '1px solid var(--mantine-color-gray-4)', background: 'white' }}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            mt={4}
            onClick={open}
            aria-label={SCAN_MESSAGES.cropEnlargeLabel(place)}
          >
            {SCAN_MESSAGES.cropEnlarge}
          </Anchor>
          <Modal opened={enlarged} onClose={close} title={alt} size="xl">
            <Image src={src} alt={alt} fit="contain" />
          </Modal>
        </>
      ) : (
        <Skeleton height={140} radius="sm" aria-label={SCAN_MESSAGES.cropLoading} />
      )}
    </Box>
  );
}
