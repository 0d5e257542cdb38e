/** Shows a dialog over the whole screen while it is in the page, and closes it as it leaves. */
export function showAsModal(dialog: HTMLDialogElement) {
  dialog.showModal();
  return () => dialog.close();
}

/** Escape closes a modal through its owner's state, not by itself, so the state and the screen agree. */
export function cancelWith(close: () => void) {
  return (event: Event) => {
    event.preventDefault();
    close();
  };
}
