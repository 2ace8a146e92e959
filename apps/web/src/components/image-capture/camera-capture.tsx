import { Alert, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconDeviceMobile, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';

const T = MESSAGES.imageCapture;

type TCameraState = 'idle' | 'starting' | 'live' | 'unavailable';

type TCameraCaptureProps = {
  /** Called with the captured photo (a JPEG) or the file the device camera app returned. */
  onCapture: (file: File) => void;
  disabled?: boolean;
  /** Open the camera as soon as this is shown (the user has just chosen "Take Photo"). */
  autoStart?: boolean;
};

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** Draws the current video frame into a JPEG file. */
function grabFrame(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) =>
        resolve(blob ? new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' }) : null),
      'image/jpeg',
      0.92,
    );
  });
}

/**
 * Take Photo: a live camera preview with a capture button where the browser offers a camera
 * (getUserMedia needs HTTPS or localhost), and the device's own camera app through a capture file
 * input everywhere else or when the camera is refused.
 */
export function CameraCapture({
  onCapture,
  disabled = false,
  autoStart = false,
}: TCameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const mountedRef = useRef(true);
  const [state, setState] = useState<TCameraState>(hasCamera() ? 'idle' : 'unavailable');

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    if (!hasCamera()) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 2048 } },
        audio: false,
      });
      stop();
      // The user may have left (or switched mode) while the browser asked for permission.
      if (!mountedRef.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      setState('live');
    } catch (error) {
      console.error(error);
      setState('unavailable');
    }
  }, [stop]);

  // The stream is attached once the video element is on screen.
  useEffect(() => {
    const video = videoRef.current;
    if (state === 'live' && video && streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  }, [state]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      stop();
    };
  }, [stop]);

  // Opens by itself once; after a capture the user opens it again to retake.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || autoStarted.current || disabled || !hasCamera()) return;
    autoStarted.current = true;
    void start();
  }, [autoStart, disabled, start]);

  const capture = async () => {
    const video = videoRef.current;
    if (!video) return;
    const file = await grabFrame(video);
    if (!file) return;
    stop();
    setState('idle');
    onCapture(file);
  };

  const close = () => {
    stop();
    setState('idle');
  };

  const deviceCamera = (
    <FileButton
      onChange={(file) => file && onCapture(file)}
      accept="image/*"
      capture="environment"
      disabled={disabled}
    >
      {(props) => (
        <Button
          {...props}
          variant={state === 'unavailable' ? 'filled' : 'default'}
          leftSection={<IconDeviceMobile size={18} aria-hidden />}
          disabled={disabled}
        >
          {T.useDeviceCamera}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap="sm">
      {state === 'unavailable' && (
        <Alert color="gray" variant="light" icon={<IconCameraOff aria-hidden />}>
          {T.cameraUnavailable}
        </Alert>
      )}
      {(state === 'live' || state === 'starting') && (
        <Box
          style={{
            position: 'relative',
            background: 'var(--mantine-color-dark-9)',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
          }}
        >
          <video
            ref={videoRef}
            aria-label={T.cameraPreview}
            playsInline
            muted
            style={{ display: 'block', width: '100%', maxHeight: '60vh', objectFit: 'contain' }}
          />
          {state === 'starting' && (
            <Text c="white" ta="center" p="md" role="status">
              {T.startingCamera}
            </Text>
          )}
        </Box>
      )}
      <Group gap="sm">
        {state === 'live' ? (
          <>
            <Button
              onClick={() => void capture()}
              leftSection={<IconCamera size={18} aria-hidden />}
              disabled={disabled}
            >
              {T.capturePhoto}
            </Button>
            <Button variant="default" onClick={close} leftSection={<IconX size={18} aria-hidden />}>
              {T.closeCamera}
            </Button>
          </>
        ) : (
          state !== 'unavailable' && (
            <Button
              onClick={() => void start()}
              loading={state === 'starting'}
              leftSection={<IconCamera size={18} aria-hidden />}
              disabled={disabled}
            >
              {T.openCamera}
            </Button>
          )
        )}
        {deviceCamera}
      </Group>
    </Stack>
  );
}
