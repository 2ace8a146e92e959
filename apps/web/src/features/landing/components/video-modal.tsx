import { Modal, Text } from '@mantine/core';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import demoVideo from '../../../assets/landing/demo.webm';
import classes from '../landing.module.css';

const V = PUBLIC_MESSAGES.landing.video;

/** Watch Demo: a fullscreen modal playing the recorded demo (fetched only when opened). */
export function VideoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={V.title}
      closeButtonProps={{ 'aria-label': V.close }}
    >
      <video
        className={classes.video}
        src={demoVideo}
        controls
        autoPlay
        muted
        playsInline
        preload="metadata"
        aria-describedby="demo-video-caption"
        data-testid="demo-video"
      >
        {V.unsupported}
      </video>
      <Text id="demo-video-caption" mt="sm" className={classes.muted}>
        {V.caption}
      </Text>
    </Modal>
  );
}
