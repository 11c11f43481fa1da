import { Card } from '@mantine/core';
import { useHover } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LinkCardProps {
  to: string;
  /** Router state handed to the page it opens. */
  state?: unknown;
  /** The id of the card's title, which names the link. */
  labelledBy: string;
  children: ReactNode;
}

/** A card that is one link as a whole; its border takes the brand colour under the pointer. */
export function LinkCard({ to, state, labelledBy, children }: LinkCardProps) {
  const { hovered, ref } = useHover<HTMLAnchorElement>();
  return (
    <Card
      component={Link}
      to={to}
      state={state}
      ref={ref}
      aria-labelledby={labelledBy}
      withBorder
      padding="md"
      className="mantine-focus-auto"
      h="100%"
      style={{
        borderColor: hovered ? 'var(--mantine-primary-color-filled)' : undefined,
        transition: 'border-color 120ms ease',
      }}
    >
      {children}
    </Card>
  );
}
