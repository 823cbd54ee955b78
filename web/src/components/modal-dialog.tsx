import { type ReactNode, useEffect, useRef } from 'react';
import styles from './modal-dialog.module.css';

type ModalDialogProps = {
  titleId: string;
  describedBy?: string;
  /** While busy, Escape does not close it: the request under way would lose its answer. */
  busy?: boolean;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
};

/**
 * A native <dialog> opened with showModal(): the page behind is inert (focus stays inside), Escape
 * closes it. Its content uses `styles.content` and `styles.actions` of modal-dialog.module.css.
 */
export function ModalDialog({ titleId, describedBy, busy = false, onClose, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // React hands a dialog's cancel and close on to the dialogs around it (e.g. a wallet sheet over
      // the contribution form): each handles only its own, and keeps it from those around it.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.stopPropagation();
        if (busy) event.preventDefault();
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        event.stopPropagation();
        onClose();
      }}
    >
      {children(() => dialogRef.current?.close())}
    </dialog>
  );
}
