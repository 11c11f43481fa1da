import { Avatar } from '@mantine/core';
import { initials } from '../../../lib/initials';

/** A coach's or client's photo, or their initials; decorative (the name is written beside it). */
export function PersonAvatar({
  name,
  avatarUrl,
  size = 40,
}: {
  name: string;
  avatarUrl: string | null;
  size?: number;
}) {
  return (
    <Avatar color="brand" radius="xl" size={size} src={avatarUrl} alt="">
      {initials(name)}
    </Avatar>
  );
}
