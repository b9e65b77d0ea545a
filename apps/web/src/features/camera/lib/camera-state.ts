// The camera page's states (catalogue-admin.md §4.5): idle, then streaming, then a captured frame. Capture
// stops the stream; with no barcodes, or on a detection error, the message shows for 2.75 s and then the
// stream restarts; switching camera restarts the stream with the other facing mode. Pure, so it is tested
// without a browser; the page runs the effects (open the camera, detect, wait) and reports back.
import type { Facing } from './camera-constants';

export const NO_BARCODES_MESSAGE = 'No Barcodes Detected';

/** '[Detect Barcode Error] {error}.' (§8). */
export function detectErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return `[Detect Barcode Error] ${text.replace(/\.+$/, '')}.`;
}

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export type CameraPhase =
  /** No stream. */
  | 'idle'
  /** Asking the browser for the camera. */
  | 'starting'
  | 'streaming'
  /** A frame was captured (the stream is stopped) and is being read. */
  | 'detecting'
  /** The captured frame was read: its barcodes, or a message before the stream restarts. */
  | 'captured';

export interface CameraState {
  phase: CameraPhase;
  facing: Facing;
  barcodes: DetectedCode[];
  /** 'No Barcodes Detected' or the detection error; shown until the stream restarts. */
  message: string | null;
  /** The stream restarts MESSAGE_DELAY_MS after the message appeared. */
  restartPending: boolean;
  /** The browser refused or has no camera (not a §8 message: the page says what went wrong). */
  streamError: string | null;
}

export type CameraEvent =
  | { type: 'start' }
  | { type: 'started' }
  | { type: 'streamFailed'; error: string }
  | { type: 'stop' }
  | { type: 'switch' }
  | { type: 'capture' }
  | { type: 'detected'; barcodes: DetectedCode[] }
  | { type: 'detectFailed'; error: unknown }
  | { type: 'restart' };

export const initialCameraState: CameraState = {
  phase: 'idle',
  facing: 'environment',
  barcodes: [],
  message: null,
  restartPending: false,
  streamError: null,
};

const starting = (state: CameraState): CameraState => ({
  ...state,
  phase: 'starting',
  barcodes: [],
  message: null,
  restartPending: false,
  streamError: null,
});

export function cameraReducer(state: CameraState, event: CameraEvent): CameraState {
  switch (event.type) {
    case 'start':
      return state.phase === 'starting' || state.phase === 'streaming' ? state : starting(state);
    case 'started':
      return state.phase === 'starting' ? { ...state, phase: 'streaming' } : state;
    case 'streamFailed':
      return state.phase === 'starting' ? { ...state, phase: 'idle', streamError: event.error } : state;
    case 'stop':
      // Also cancels a pending restart; a captured frame's barcodes stay on the page.
      return { ...state, phase: state.phase === 'captured' ? 'captured' : 'idle', restartPending: false };
    case 'switch': {
      const facing: Facing = state.facing === 'environment' ? 'user' : 'environment';
      const live = state.phase === 'starting' || state.phase === 'streaming';
      return live ? starting({ ...state, facing }) : { ...state, facing };
    }
    case 'capture':
      return state.phase === 'streaming'
        ? { ...state, phase: 'detecting', barcodes: [], message: null }
        : state;
    case 'detected':
      if (state.phase !== 'detecting') return state;
      return event.barcodes.length > 0
        ? { ...state, phase: 'captured', barcodes: event.barcodes }
        : { ...state, phase: 'captured', message: NO_BARCODES_MESSAGE, restartPending: true };
    case 'detectFailed':
      if (state.phase !== 'detecting') return state;
      return {
        ...state,
        phase: 'captured',
        message: detectErrorMessage(event.error),
        restartPending: true,
      };
    case 'restart':
      return state.restartPending ? starting(state) : state;
  }
}
