import { Alert, Badge, Button, Code, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ReasonButton } from '../../../../components/reason-button';
import { usePageTitle } from '../../../../lib/use-page-title';
import { whyNot } from '../../../../lib/why-not';
import { CameraIcon } from '../../components/camera-icon';
import { DetectorEngine } from '../../components/detector-engine';
import { barcodeReader } from '../../lib/barcode-detection';
import { CAPTURE_HEIGHT, CAPTURE_WIDTH, MESSAGE_DELAY_MS } from '../../lib/camera-constants';
import { cameraReducer, initialCameraState } from '../../lib/camera-state';
import { cameraErrorText, closeCamera, openCamera } from '../../lib/camera-stream';
import { useBarcodeEngine } from '../../lib/use-barcode-engine';

/**
 * Camera barcode experiment (catalogue-admin.md §2.10, §4.5) at /tools/camera: start the stream from the
 * rear or front camera, capture a 640x480 frame (which stops the stream) and read its barcodes. With none,
 * or on an error, the message shows for 2.75 s and the stream restarts.
 */
export function CameraBarcodePage() {
  usePageTitle('Camera Barcode');
  const [state, dispatch] = useReducer(cameraReducer, initialCameraState);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const engine = useBarcodeEngine();
  const live = state.phase === 'starting' || state.phase === 'streaming';

  const release = useCallback(() => {
    closeCamera(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  // Opens the camera on start, restart and switch (the old stream is closed first: a phone has one rear camera).
  useEffect(() => {
    if (state.phase !== 'starting') return;
    release();
    let cancelled = false;
    openCamera(state.facing)
      .then(async (stream) => {
        if (cancelled) return closeCamera(stream);
        streamRef.current = stream;
        const video = videoRef.current!;
        video.srcObject = stream;
        await video.play();
        if (!cancelled) dispatch({ type: 'started' });
      })
      .catch((error: unknown) => {
        if (!cancelled) dispatch({ type: 'streamFailed', error: cameraErrorText(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [state.phase, state.facing, release]);

  // Any state without a stream lets the camera go (its light goes off).
  useEffect(() => {
    if (!live) release();
  }, [live, release]);
  useEffect(() => release, [release]);

  // 'No Barcodes Detected' or an error shows for 2.75 s, then the stream restarts.
  useEffect(() => {
    if (!state.restartPending) return;
    const timer = setTimeout(() => dispatch({ type: 'restart' }), MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.restartPending]);

  const capture = () => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas || state.phase !== 'streaming') return;
    canvas.width = CAPTURE_WIDTH;
    canvas.height = CAPTURE_HEIGHT;
    canvas.getContext('2d')!.drawImage(video, 0, 0, CAPTURE_WIDTH, CAPTURE_HEIGHT);
    release();
    dispatch({ type: 'capture' });
    barcodeReader()
      .then((reader) => reader.detect(canvas))
      .then(
        (barcodes) => dispatch({ type: 'detected', barcodes }),
        (error: unknown) => dispatch({ type: 'detectFailed', error }),
      );
  };

  const captured = state.phase === 'detecting' || state.phase === 'captured';

  return (
    <Stack gap="md" maw={980}>
      <Title order={2}>Camera Barcode</Title>
      <Group gap="sm">
        {live ? (
          <Button variant="default" color="red" onClick={() => dispatch({ type: 'stop' })}>
            Stop Video Stream
          </Button>
        ) : (
          <Button
            leftSection={<CameraIcon />}
            onClick={() => dispatch({ type: 'start' })}
            disabled={state.phase === 'detecting'}
          >
            Start Video Stream
          </Button>
        )}
        <ReasonButton
          onClick={capture}
          disabledReason={whyNot(
            [state.phase === 'starting', 'The camera is starting'],
            [state.phase === 'detecting', 'Reading the captured picture'],
            [state.phase !== 'streaming', 'Start Video Stream first'],
          )}
        >
          Capture
        </ReasonButton>
        <Switch
          label="Front Camera"
          checked={state.facing === 'user'}
          onChange={() => dispatch({ type: 'switch' })}
        />
        <Text size="sm" c="dimmed" data-testid="camera-phase" data-phase={state.phase}>
          {state.facing === 'user' ? 'Front camera' : 'Rear camera'}
          {state.phase === 'starting' && ': opening…'}
          {state.phase === 'streaming' && ': streaming'}
          {state.restartPending && ' (restarts in a moment)'}
        </Text>
      </Group>

      {state.streamError && (
        <Alert color="red" title="Camera unavailable" data-testid="camera-error">
          {state.streamError}
        </Alert>
      )}

      <Paper withBorder p="xs" bg="dark.8" style={{ lineHeight: 0 }}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera video"
          style={{ width: '100%', maxHeight: 540, display: live ? 'block' : 'none', objectFit: 'contain' }}
        />
        <canvas
          ref={canvasRef}
          width={CAPTURE_WIDTH}
          height={CAPTURE_HEIGHT}
          aria-label="Captured frame"
          role="img"
          style={{
            width: '100%',
            maxWidth: CAPTURE_WIDTH,
            margin: '0 auto',
            display: captured ? 'block' : 'none',
          }}
        />
        {!live && !captured && (
          <Text c="gray.4" ta="center" py={80} style={{ lineHeight: 1.5 }}>
            Start the video stream, point the camera at a barcode and capture.
          </Text>
        )}
      </Paper>

      {state.phase === 'detecting' && <Text c="dimmed">Reading the captured frame…</Text>}
      {state.message && (
        <Alert color={state.message.startsWith('[') ? 'red' : 'yellow'} data-testid="camera-message">
          {state.message}
        </Alert>
      )}
      {state.barcodes.length > 0 && (
        <Table withTableBorder maw={640} data-testid="detected-barcodes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Barcode</Table.Th>
              <Table.Th>Format</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.barcodes.map((code, i) => (
              <Table.Tr key={`${i}-${code.rawValue}`}>
                <Table.Td>
                  <Code fz="md">{code.rawValue}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{code.format}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <DetectorEngine engine={engine} />
    </Stack>
  );
}
