import { Modal, Text } from '@mantine/core';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { SHOT_SIZE, type TFeature } from '../landing-content';
import classes from '../landing.module.css';

const F = PUBLIC_MESSAGES.landing.features;

/** A feature's screenshot, fullscreen (spec 01 §2 features section). */
export default function FeatureLightbox({
  feature: shown,
  onClose,
}: {
  feature: TFeature | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      fullScreen
      title={shown?.title}
      closeButtonProps={{ 'aria-label': F.closeLightbox }}
    >
      {shown ? (
        <figure style={{ margin: 0 }} data-testid="lightbox">
          <img
            className={classes.lightboxImage}
            src={shown.full}
            alt={shown.alt}
            width={SHOT_SIZE.full.width}
            height={SHOT_SIZE.full.height}
          />
          <Text component="figcaption" mt="sm" ta="center" className={classes.muted}>
            {shown.text}
          </Text>
        </figure>
      ) : null}
    </Modal>
  );
}
