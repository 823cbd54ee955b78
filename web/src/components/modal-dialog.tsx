import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from './button.tsx';
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
 * closes it. Its content uses `styles.content` of modal-dialog.module.css and ends with `ModalDialogFooter`.
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

type ModalDialogFooterProps = {
  /** Why the last attempt failed, announced as it appears. */
  problem?: string | null;
  cancelLabel: string;
  onCancel: () => void;
  /** While busy, Cancel is disabled and the confirming button presses nothing. */
  busy: boolean;
  confirmLabel: ReactNode;
  /** Without it, the confirming button submits the dialog's form. */
  onConfirm?: () => void;
  /** For what cannot be undone: deleting, removing. */
  danger?: boolean;
};

/** The end of every dialog: the last attempt's problem, then Cancel and the confirming button. */
export function ModalDialogFooter({
  problem,
  cancelLabel,
  onCancel,
  busy,
  confirmLabel,
  onConfirm,
  danger = false,
}: ModalDialogFooterProps) {
  return (
    <>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={danger ? 'danger' : 'primary'}
          aria-disabled={busy || undefined}
          onClick={
            onConfirm &&
            (() => {
              if (!busy) onConfirm();
            })
          }
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
