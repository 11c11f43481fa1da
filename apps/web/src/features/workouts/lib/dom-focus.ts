/** Runs after React has committed and the browser painted the change just made. */
export function afterPaint(action: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(action));
}

/** Scrolls to the first field marked invalid (or a marked list problem) and focuses it. */
export function focusFirstProblem(root: HTMLElement | null): void {
  afterPaint(() => {
    const target = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-problem]');
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    if (target.matches('input, textarea')) target.focus({ preventScroll: true });
  });
}

/**
 * Keeps the keyboard on a move button after its item moved, so a member can press it again.
 * `label(true)` names the button pressed, at the item's new place; when that one is disabled
 * (the item reached an end), `label(false)` names the other direction's.
 */
export function focusMoveButton(root: HTMLElement | null, label: (same: boolean) => string): void {
  afterPaint(() => {
    const find = (same: boolean) =>
      root?.querySelector<HTMLButtonElement>(`button[aria-label="${label(same)}"]:not(:disabled)`);
    (find(true) ?? find(false))?.focus();
  });
}
