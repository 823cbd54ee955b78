import { ToastContainer } from 'react-toastify';
import { useAfterFirstTask } from '../lib/use-after-first-task.ts';

/**
 * The one place toast options live (specification: auto-close 5000 ms, drag to dismiss at 80 %).
 * Public pages show toasts top-right, the signed-in area bottom-left. Mounted by the layouts that
 * use toasts, not by the root, so the marketing pages do not load react-toastify.
 */
export function ToastHost({ position = 'top-right' }: { position?: 'top-right' | 'bottom-left' }) {
  // The container injects its stylesheet when it mounts: a task after the page, out of its
  // hydration. A toast shown before then waits in react-toastify's queue.
  const mounted = useAfterFirstTask();
  if (!mounted) return null;
  return <ToastContainer position={position} autoClose={5000} draggablePercent={80} />;
}
