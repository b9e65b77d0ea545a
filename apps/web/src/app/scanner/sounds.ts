// Scanner feedback sounds, synthesised with WebAudio oscillators so there are no audio files to ship or load.
// Every function is a silent no-op where WebAudio is missing (node, tests, old browsers).

/** A rejected scan plays the sad trombone once in this many times, else the error beep. */
export const SAD_TROMBONE_ODDS = 8000;

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

/** The one shared AudioContext, created on first use (browsers limit how many a page may open). */
function getContext(): AudioContext | null {
  // A closed context cannot play again, so replace it.
  if (context !== null && context.state !== 'closed') return context;
  const scope = globalThis as typeof globalThis & {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const Ctor = scope.AudioContext ?? scope.webkitAudioContext;
  if (Ctor === undefined) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

interface Tone {
  /** Start, in seconds from now. */
  at: number;
  duration: number;
  frequency: number;
  /** Frequency to glide to by the end of the tone. */
  endFrequency?: number;
  type?: OscillatorType;
  volume?: number;
}

function play(tones: readonly Tone[]): void {
  const ctx = getContext();
  if (ctx === null) return;
  try {
    // Autoplay policy leaves the context suspended until a user gesture; a scan keystroke counts.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    for (const tone of tones) {
      const begin = start + tone.at;
      const end = begin + tone.duration;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = tone.type ?? 'sine';
      oscillator.frequency.setValueAtTime(tone.frequency, begin);
      if (tone.endFrequency !== undefined)
        oscillator.frequency.linearRampToValueAtTime(tone.endFrequency, end);
      // Short attack and release avoid the click of a square cut-off.
      const volume = tone.volume ?? 0.2;
      gain.gain.setValueAtTime(0, begin);
      gain.gain.linearRampToValueAtTime(volume, begin + 0.005);
      gain.gain.setValueAtTime(volume, Math.max(begin + 0.005, end - 0.02));
      gain.gain.linearRampToValueAtTime(0, end);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(begin);
      oscillator.stop(end + 0.01);
    }
  } catch {
    // Sound is a nicety; never let it break scanning.
  }
}

/** Accepted scan: one short high beep, like a till. */
export function playScanBeep(): void {
  play([{ at: 0, duration: 0.08, frequency: 1800, type: 'square', volume: 0.1 }]);
}

/** Attention beep: three quick high beeps. */
export function playTripleBeep(): void {
  play(
    [0, 0.12, 0.24].map((at) => ({
      at,
      duration: 0.07,
      frequency: 1800,
      type: 'square' as const,
      volume: 0.1,
    })),
  );
}

/** Rejected scan: two low buzzes, clearly unlike the accept beep. */
export function playErrorBeep(): void {
  play([
    { at: 0, duration: 0.15, frequency: 220, type: 'sawtooth', volume: 0.15 },
    { at: 0.2, duration: 0.25, frequency: 160, type: 'sawtooth', volume: 0.15 },
  ]);
}

/** "Wah wah wah waaah": three falling notes and a long drooping one. */
export function playSadTrombone(): void {
  play([
    { at: 0, duration: 0.3, frequency: 392, endFrequency: 370, type: 'sawtooth', volume: 0.12 },
    { at: 0.35, duration: 0.3, frequency: 370, endFrequency: 349, type: 'sawtooth', volume: 0.12 },
    { at: 0.7, duration: 0.3, frequency: 349, endFrequency: 330, type: 'sawtooth', volume: 0.12 },
    { at: 1.05, duration: 0.8, frequency: 330, endFrequency: 262, type: 'sawtooth', volume: 0.12 },
  ]);
}

/** Small confirmation for buttons and toggles: a quiet click. */
export function playActionTick(): void {
  play([{ at: 0, duration: 0.03, frequency: 1200, type: 'triangle', volume: 0.08 }]);
}

/** True with probability 1 / SAD_TROMBONE_ODDS; `random` returns values in [0, 1) like Math.random. */
export function shouldPlaySadTrombone(random: () => number): boolean {
  return random() < 1 / SAD_TROMBONE_ODDS;
}

/** Rejection sound: usually the error beep, very rarely the sad trombone to keep the floor amused. */
export function playRejection(random: () => number = Math.random): void {
  if (shouldPlaySadTrombone(random)) playSadTrombone();
  else playErrorBeep();
}
