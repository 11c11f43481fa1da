let context: AudioContext | null = null;

/**
 * Browsers only let a page make sound after the member interacted with it: call this from the
 * tap that starts a timer, so the alarm can sound when the timer ends.
 */
export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null; // no Web Audio: the timer still shows its message
  }
}

/** Three short rising beeps, synthesised (no sound file to download). Answers whether it played. */
export function playAlarm(): boolean {
  if (!context) unlockAudio();
  const ctx = context;
  if (!ctx) return false;
  const start = ctx.currentTime + 0.05;
  [880, 988, 1175].forEach((frequency, i) => {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const at = start + i * 0.28;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.25);
  });
  return true;
}
