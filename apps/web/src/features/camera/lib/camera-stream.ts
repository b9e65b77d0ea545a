// Opening and closing the camera. getUserMedia exists only in a secure context (https, or localhost).
import { type Facing, videoConstraints } from './camera-constants';

export async function openCamera(facing: Facing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error('This browser gives no camera to this page: open Backroom over https (or on localhost).');
  }
  return navigator.mediaDevices.getUserMedia(videoConstraints(facing));
}

export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** A camera refusal in words: the browser's names (NotAllowedError, OverconstrainedError …) mean little. */
export function cameraErrorText(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError') return 'Camera access was refused. Allow the camera for this site.';
    if (error.name === 'NotFoundError') return 'No camera was found.';
    if (error.name === 'NotReadableError') return 'The camera is in use by another program.';
    if (error.name === 'OverconstrainedError') return 'The camera cannot give at least 1280x720 video.';
  }
  return error instanceof Error ? error.message : String(error);
}
