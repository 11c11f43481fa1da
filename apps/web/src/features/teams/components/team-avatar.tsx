import { Avatar } from '@mantine/core';
import { initials } from '../../../lib/initials';

/** A team's or member's photo, or initials; decorative (the name is written beside it). */
export function TeamAvatar({
  name,
  src,
  size = 40,
  radius = 'xl',
}: {
  name: string;
  src: string | null;
  size?: number;
  radius?: 'xl' | 'md';
}) {
  return (
    <Avatar color="brand" radius={radius} size={size} src={src} alt="">
      {initials(name)}
    </Avatar>
  );
}
