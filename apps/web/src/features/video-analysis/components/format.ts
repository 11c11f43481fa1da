import type { TFunction } from 'i18next';

/** A moment of the video as m:ss.s (e.g. 0:07.4), the way a player shows it. */
export function formatMoment(seconds: number): string {
  const s = Math.max(0, seconds);
  const minutes = Math.floor(s / 60);
  const rest = s - minutes * 60;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

/** A fault's text, by its code; a code this version does not know still reads as a fault. */
export function faultText(t: TFunction<'video-analysis'>, code: string): string {
  return t(`faults.${code}` as 'faults.unknown', {
    code,
    defaultValue: t('faults.unknown', { code }),
  });
}
