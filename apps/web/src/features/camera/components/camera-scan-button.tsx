import { ActionIcon, Alert, Group, Modal, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSubmitScan } from '../../../app/providers/scanner-provider';
import { barcodeReader } from '../lib/barcode-detection';
import type { Facing } from '../lib/camera-constants';
import { detectErrorMessage } from '../lib/camera-state';
import { cameraErrorText, closeCamera, openCamera } from '../lib/camera-stream';
import { useBarcodeEngine } from '../lib/use-barcode-engine';
import { CameraIcon } from './camera-icon';
import { DetectorEngine } from './detector-engine';

/** How often the live video is read: often enough to feel instant, rarely enough to leave a phone cool. */
const READ_EVERY_MS = 200;

/**
 * The page-wide scanner's camera: for a phone or tablet without a wedge scanner. The first barcode the live
 * video shows is handed to the scanner exactly like a wedge scan (same ordered queue, handlers, sounds and
 * flash), and the camera closes so the screen's answer is in view. Tap again for the next code.
 */
export function CameraScanButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Scan with camera">
        <ActionIcon variant="default" size="lg" aria-label="Scan with camera" onClick={open}>
          <CameraIcon size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Scan with Camera" size="lg" centered>
        {opened && <LiveReader onClose={close} />}
      </Modal>
    </>
  );
}

function LiveReader({ onClose }: { onClose: () => void }) {
  const submit = useSubmitScan();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const [streaming, setStreaming] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const engine = useBarcodeEngine();
  // The latest props without restarting the camera when they change.
  const done = useRef({ submit, onClose });
  done.current = { submit, onClose };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    setStreaming(false);
    setCameraError(null);

    const read = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        // HAVE_CURRENT_DATA: a video with no frame yet cannot be read.
        if (video.readyState >= 2) {
          const [found] = await (await barcodeReader()).detect(video);
          if (stopped) return;
          if (found) {
            stopped = true;
            closeCamera(stream);
            done.current.onClose();
            done.current.submit(found.rawValue);
            return;
          }
          setReadError(null);
        }
      } catch (error) {
        if (stopped) return;
        setReadError(detectErrorMessage(error));
      }
      timer = setTimeout(read, READ_EVERY_MS);
    };

    openCamera(facing)
      .then(async (opened) => {
        if (stopped) return closeCamera(opened);
        stream = opened;
        const video = videoRef.current!;
        video.srcObject = opened;
        await video.play();
        if (stopped) return;
        setStreaming(true);
        void read();
      })
      .catch((error: unknown) => {
        if (!stopped) setCameraError(cameraErrorText(error));
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      closeCamera(stream);
    };
  }, [facing]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {streaming ? 'Point the camera at a barcode.' : 'Opening the camera…'}
        </Text>
        <Switch
          label="Front Camera"
          checked={facing === 'user'}
          onChange={(event) => setFacing(event.currentTarget.checked ? 'user' : 'environment')}
        />
      </Group>
      {cameraError && (
        <Alert color="red" title="Camera unavailable">
          {cameraError}
        </Alert>
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera video"
        style={{ width: '100%', maxHeight: '60vh', background: 'black', objectFit: 'contain' }}
      />
      {readError && (
        <Text size="sm" c="red" data-testid="camera-read-error">
          {readError}
        </Text>
      )}
      <DetectorEngine engine={engine} />
    </Stack>
  );
}
