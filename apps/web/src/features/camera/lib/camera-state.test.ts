import { describe, expect, it } from 'vitest';
import {
  CAMERA_HEIGHT,
  CAMERA_WIDTH,
  CAPTURE_HEIGHT,
  CAPTURE_WIDTH,
  MESSAGE_DELAY_MS,
  videoConstraints,
} from './camera-constants';
import {
  type CameraEvent,
  type CameraState,
  cameraReducer,
  detectErrorMessage,
  initialCameraState,
  NO_BARCODES_MESSAGE,
} from './camera-state';

const run = (...events: CameraEvent[]): CameraState => events.reduce(cameraReducer, initialCameraState);
const streaming = (): CameraState => run({ type: 'start' }, { type: 'started' });
const code = { rawValue: '012345678905', format: 'upc_a' };

describe('§9 camera constants', () => {
  it('asks for 1280-2560 x 720-1440 video, ideally 1920x1080, from the chosen camera', () => {
    expect(videoConstraints('environment')).toEqual({
      audio: false,
      video: {
        facingMode: 'environment',
        width: { min: 1280, ideal: 1920, max: 2560 },
        height: { min: 720, ideal: 1080, max: 1440 },
      },
    });
    expect((videoConstraints('user').video as MediaTrackConstraints).facingMode).toBe('user');
    expect([CAMERA_WIDTH.ideal, CAMERA_HEIGHT.ideal]).toEqual([1920, 1080]);
  });

  it('captures 640x480 and shows messages for 2.75 s', () => {
    expect([CAPTURE_WIDTH, CAPTURE_HEIGHT, MESSAGE_DELAY_MS]).toEqual([640, 480, 2750]);
  });
});

describe('§4.5 camera states', () => {
  it('starts idle on the rear camera, then streams once the camera is open', () => {
    expect(initialCameraState).toMatchObject({ phase: 'idle', facing: 'environment' });
    expect(run({ type: 'start' }).phase).toBe('starting');
    expect(streaming().phase).toBe('streaming');
  });

  it('captures only while streaming; capture stops the stream and reads the frame', () => {
    expect(run({ type: 'capture' }).phase).toBe('idle');
    expect(run({ type: 'start' }, { type: 'capture' }).phase).toBe('starting');
    expect(cameraReducer(streaming(), { type: 'capture' }).phase).toBe('detecting');
  });

  it('shows the barcodes found and stays on the captured frame', () => {
    const state = run(
      { type: 'start' },
      { type: 'started' },
      { type: 'capture' },
      { type: 'detected', barcodes: [code] },
    );
    expect(state).toMatchObject({
      phase: 'captured',
      barcodes: [code],
      message: null,
      restartPending: false,
    });
    expect(cameraReducer(state, { type: 'restart' })).toBe(state);
  });

  it("with no barcodes shows 'No Barcodes Detected', then the stream restarts", () => {
    const state = run(
      { type: 'start' },
      { type: 'started' },
      { type: 'capture' },
      { type: 'detected', barcodes: [] },
    );
    expect(state).toMatchObject({ phase: 'captured', message: NO_BARCODES_MESSAGE, restartPending: true });
    expect(NO_BARCODES_MESSAGE).toBe('No Barcodes Detected');
    const restarted = cameraReducer(state, { type: 'restart' });
    expect(restarted).toMatchObject({
      phase: 'starting',
      message: null,
      restartPending: false,
      barcodes: [],
    });
  });

  it("on a detection error shows '[Detect Barcode Error] {error}.', then the stream restarts", () => {
    const state = run(
      { type: 'start' },
      { type: 'started' },
      { type: 'capture' },
      { type: 'detectFailed', error: new Error('Wasm failed to load') },
    );
    expect(state).toMatchObject({
      phase: 'captured',
      message: '[Detect Barcode Error] Wasm failed to load.',
      restartPending: true,
    });
    expect(cameraReducer(state, { type: 'restart' }).phase).toBe('starting');
  });

  it('writes the error once, with one full stop', () => {
    expect(detectErrorMessage(new Error('Image too small.'))).toBe('[Detect Barcode Error] Image too small.');
    expect(detectErrorMessage('timeout')).toBe('[Detect Barcode Error] timeout.');
    expect(detectErrorMessage(new DOMException('', 'NotSupportedError'))).toBe(
      '[Detect Barcode Error] NotSupportedError.',
    );
  });

  it('stop cancels a pending restart and ends a stream', () => {
    const waiting = run(
      { type: 'start' },
      { type: 'started' },
      { type: 'capture' },
      { type: 'detected', barcodes: [] },
    );
    const stopped = cameraReducer(waiting, { type: 'stop' });
    expect(stopped.restartPending).toBe(false);
    expect(cameraReducer(stopped, { type: 'restart' })).toBe(stopped);
    expect(cameraReducer(streaming(), { type: 'stop' }).phase).toBe('idle');
  });

  it('a result that arrives after stop is dropped', () => {
    const stopped = cameraReducer(cameraReducer(streaming(), { type: 'capture' }), { type: 'stop' });
    expect(cameraReducer(stopped, { type: 'detected', barcodes: [code] })).toBe(stopped);
  });

  it('switching camera restarts a live stream with the other facing mode', () => {
    const switched = cameraReducer(streaming(), { type: 'switch' });
    expect(switched).toMatchObject({ phase: 'starting', facing: 'user' });
    expect(cameraReducer(switched, { type: 'switch' }).facing).toBe('environment');
  });

  it('switching while idle only picks the camera the next start opens', () => {
    expect(run({ type: 'switch' })).toMatchObject({ phase: 'idle', facing: 'user' });
  });

  it('a camera that cannot be opened leaves the page idle with the reason', () => {
    const failed = run({ type: 'start' }, { type: 'streamFailed', error: 'No camera was found.' });
    expect(failed).toMatchObject({ phase: 'idle', streamError: 'No camera was found.' });
    expect(cameraReducer(failed, { type: 'start' }).streamError).toBeNull();
  });
});
