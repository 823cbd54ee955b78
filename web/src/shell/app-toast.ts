import { toast } from 'react-toastify';

/** Toasts of the signed-in area; the shell mounts their bottom-left container (ToastHost). */
export function showSuccessToast(message: string): void {
  toast.success(message);
}

export function showErrorToast(message: string): void {
  toast.error(message);
}
