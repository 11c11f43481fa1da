import { Avatar } from '@mantine/core';
import { initials } from '../lib/initials';

/**
 * A member's (or a team's) photo, or their initials; decorative: their name is always written
 * beside it. Teams use the rounded square (`radius="md"`).
 */
export function MemberAvatar({
  name,
  avatarUrl,
  size = 40,
  radius = 'xl',
}: {
  name: string;
  avatarUrl: string | null;
  size?: number;
  radius?: 'xl' | 'md';
}) {
  return (
    <Avatar color="brand" radius={radius} size={size} src={avatarUrl} alt="">
      {initials(name)}
    </Avatar>
  );
}
