import { Avatar } from '@mantine/core';
import { initials } from '../../../lib/initials';

/** A member's photo, or their initials; decorative (their name is always written beside it). */
export function MemberAvatar({
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
