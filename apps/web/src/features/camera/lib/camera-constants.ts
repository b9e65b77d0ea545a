// The camera's numbers from catalogue-admin.md §9: what the stream asks the camera for, the capture size and
// how long a 'No Barcodes Detected' or error message shows before the stream restarts.

export type Facing = 'environment' | 'user';

/** Camera request: width min 1280, ideal 1920, max 2560; height min 720, ideal 1080, max 1440. */
export const CAMERA_WIDTH = { min: 1280, ideal: 1920, max: 2560 } as const;
export const CAMERA_HEIGHT = { min: 720, ideal: 1080, max: 1440 } as const;

/** Capture canvas 640x480. */
export const CAPTURE_WIDTH = 640;
export const CAPTURE_HEIGHT = 480;

/** Message delay 2750 ms. */
export const MESSAGE_DELAY_MS = 2750;

/** What getUserMedia is asked for: the §9 size with the chosen camera (rear 'environment', front 'user'). */
export function videoConstraints(facing: Facing): MediaStreamConstraints {
  return {
    audio: false,
    video: { facingMode: facing, width: { ...CAMERA_WIDTH }, height: { ...CAMERA_HEIGHT } },
  };
}
