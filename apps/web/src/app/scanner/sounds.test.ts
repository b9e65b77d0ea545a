import { afterEach, describe, expect, it, vi } from 'vitest';
import * as sounds from './sounds';

describe('shouldPlaySadTrombone', () => {
  it('uses odds of 1 in 8000', () => {
    expect(sounds.SAD_TROMBONE_ODDS).toBe(8000);
  });

  it.each([
    [0, true],
    [1 / 8000 - 1e-12, true],
    [1 / 8000, false],
    [0.5, false],
    [0.9999999, false],
  ])('random %f -> %s', (value, expected) => {
    expect(sounds.shouldPlaySadTrombone(() => value)).toBe(expected);
  });

  it('hits exactly 10 of 80000 evenly spread values', () => {
    let hits = 0;
    for (let k = 0; k < 80000; k++) if (sounds.shouldPlaySadTrombone(() => k / 80000)) hits++;
    expect(hits).toBe(10);
  });

  it('calls random exactly once per decision', () => {
    const random = vi.fn(() => 0.3);
    sounds.shouldPlaySadTrombone(random);
    expect(random).toHaveBeenCalledTimes(1);
  });
});

describe('sounds without WebAudio', () => {
  it('are silent no-ops in node', () => {
    expect('AudioContext' in globalThis).toBe(false);
    expect(() => {
      sounds.playScanBeep();
      sounds.playTripleBeep();
      sounds.playErrorBeep();
      sounds.playSadTrombone();
      sounds.playActionTick();
      sounds.playRejection(() => 0);
      sounds.playRejection();
    }).not.toThrow();
  });
});

interface FakeOscillator {
  type: string;
  frequencies: number[];
  startAt: number;
  stopAt: number;
}

function installFakeAudio() {
  const param = (record?: number[]) => ({
    setValueAtTime: (value: number) => record?.push(value),
    linearRampToValueAtTime: (value: number) => record?.push(value),
  });
  const contexts: FakeAudioContext[] = [];
  class FakeAudioContext {
    state = 'suspended';
    currentTime = 10;
    destination = {};
    resumeCalls = 0;
    oscillators: FakeOscillator[] = [];
    constructor() {
      contexts.push(this);
    }
    resume() {
      this.resumeCalls++;
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      const osc: FakeOscillator = { type: 'sine', frequencies: [], startAt: -1, stopAt: -1 };
      this.oscillators.push(osc);
      return {
        set type(value: string) {
          osc.type = value;
        },
        frequency: param(osc.frequencies),
        connect: () => undefined,
        start: (at: number) => {
          osc.startAt = at;
        },
        stop: (at: number) => {
          osc.stopAt = at;
        },
      };
    }
    createGain() {
      return { gain: param(), connect: () => undefined };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return contexts;
}

// A fresh module per test, because the shared AudioContext is cached at module level.
async function freshSounds() {
  vi.resetModules();
  return import('./sounds');
}

describe('sounds with a fake AudioContext', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates one AudioContext lazily and resumes it when suspended', async () => {
    const contexts = installFakeAudio();
    const fresh = await freshSounds();
    expect(contexts).toHaveLength(0);
    fresh.playScanBeep();
    fresh.playActionTick();
    fresh.playErrorBeep();
    expect(contexts).toHaveLength(1);
    expect(contexts[0]?.resumeCalls).toBe(1);
  });

  it.each<[keyof typeof sounds, number, string]>([
    ['playScanBeep', 1, 'square'],
    ['playTripleBeep', 3, 'square'],
    ['playErrorBeep', 2, 'sawtooth'],
    ['playSadTrombone', 4, 'sawtooth'],
    ['playActionTick', 1, 'triangle'],
  ])('%s plays %i short oscillator tone(s)', async (name, count, type) => {
    const contexts = installFakeAudio();
    const fresh = await freshSounds();
    (fresh[name] as () => void)();
    const oscillators = contexts[0]?.oscillators ?? [];
    expect(oscillators).toHaveLength(count);
    for (const osc of oscillators) {
      expect(osc.type).toBe(type);
      expect(osc.startAt).toBeGreaterThanOrEqual(10);
      expect(osc.stopAt).toBeGreaterThan(osc.startAt);
      // Nothing lasts beyond 2 seconds from the call.
      expect(osc.stopAt).toBeLessThanOrEqual(12);
    }
  });

  it('plays the triple beep as three separate beeps', async () => {
    const contexts = installFakeAudio();
    const fresh = await freshSounds();
    fresh.playTripleBeep();
    const starts = (contexts[0]?.oscillators ?? []).map((osc) => Number(osc.startAt.toFixed(3)));
    expect(starts).toEqual([10, 10.12, 10.24]);
  });

  it('makes the sad trombone fall in pitch', async () => {
    const contexts = installFakeAudio();
    const fresh = await freshSounds();
    fresh.playSadTrombone();
    const firstNotes = (contexts[0]?.oscillators ?? []).map((osc) => osc.frequencies[0]);
    expect(firstNotes).toEqual([392, 370, 349, 330]);
  });

  it.each([
    [0, 4],
    [1 / 8000, 2],
    [0.5, 2],
  ])('playRejection with random %f plays %i tones', async (value, tones) => {
    const contexts = installFakeAudio();
    const fresh = await freshSounds();
    fresh.playRejection(() => value);
    expect(contexts[0]?.oscillators).toHaveLength(tones);
  });

  it('does not throw when the AudioContext misbehaves', async () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        createOscillator(): never {
          throw new Error('no audio device');
        }
      },
    );
    const fresh = await freshSounds();
    expect(() => fresh.playScanBeep()).not.toThrow();
  });

  it('does not throw when constructing the AudioContext fails', async () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('too many contexts');
        }
      },
    );
    const fresh = await freshSounds();
    expect(() => fresh.playRejection(() => 0)).not.toThrow();
  });
});
