import { ActionIcon } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

export interface OpenableMenuProps {
  /** Opens the menu as it mounts: the member already clicked its button. */
  defaultOpened?: boolean;
}

/**
 * A loaded menu's open state (Mantine Menu's `opened` and `onChange`) and its button's ref.
 * Opened as it mounts when asked (`defaultOpened`), but only after its own button has the focus:
 * Mantine gives the focus back, on close, to what had it when the menu opened, and a menu
 * opened already as it mounts remembers nothing (the deferred button that was clicked is gone),
 * leaving a keyboard user on the page's body after Escape or a choice.
 */
export function useOpenedOnMount(defaultOpened = false) {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!defaultOpened) return;
    targetRef.current?.focus();
    // Opened once the focus is there (the next frame), so the menu records it as it opens.
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, [defaultOpened]);
  return { opened, onChange: setOpened, targetRef };
}

type MenuModule = () => Promise<ComponentType<OpenableMenuProps>>;

/**
 * A header menu of the sign-in and sign-up pages whose Mantine Menu (its floating-ui
 * positioning, focus trap and scroll area: about 27 KB of gzipped JavaScript) loads when it is
 * first used rather than with the first page (bench/bundle-size.ts). Until then its button is
 * the same icon button, named the same and announcing a menu; a click loads the menu and opens
 * it, and the menu puts the focus on its items as it opens.
 */
export function DeferredMenu({
  label,
  icon,
  load,
}: {
  label: string;
  icon: ReactNode;
  load: MenuModule;
}) {
  const [Menu, setMenu] = useState<ComponentType<OpenableMenuProps> | null>(null);
  const [loading, setLoading] = useState(false);
  if (Menu) return <Menu defaultOpened />;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      loading={loading}
      onClick={() => {
        setLoading(true);
        load()
          .then((loaded) => setMenu(() => loaded))
          // Offline or a new deployment: the button stays, and the next click tries again.
          .catch(() => setLoading(false));
      }}
    >
      {icon}
    </ActionIcon>
  );
}
