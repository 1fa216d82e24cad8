import { useLayoutEffect, useRef } from "react";

/**
 * A dialog that is really modal once JavaScript runs: `showModal()` makes the rest of the
 * page inert, keeps Tab inside the dialog and gives it the Escape key, which here does what
 * the dialog's default button does (the one marked `data-dialog-default`: its OK). When the
 * dialog goes away, focus returns to where it was, if that is still on the page.
 *
 * The server renders it open and in the flow of the page (see `.dialog:not(:modal)` in
 * styles/controls.css), so without JavaScript it is a section of the page whose buttons are
 * plain forms.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  className = "",
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Rendered open (not modal) for the page without JavaScript: reopen it as a modal.
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();

    const escapeMeansDefault = (event: Event) => {
      event.preventDefault();
      dialog.querySelector<HTMLElement>("[data-dialog-default]")?.click();
    };
    dialog.addEventListener("cancel", escapeMeansDefault);
    return () => {
      dialog.removeEventListener("cancel", escapeMeansDefault);
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected && returnTo !== document.body) returnTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`dialog modal-dialog ${className}`.trim()}
    >
      {children}
    </dialog>
  );
}
