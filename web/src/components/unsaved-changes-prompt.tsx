import { useEffect, useId, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { useT } from '../i18n/use-t.tsx';
import { Button } from './button.tsx';
import styles from './modal-dialog.module.css';
import { ModalDialog } from './modal-dialog.tsx';

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the app is held by React
 * Router's blocker (the returned blocker is 'blocked' until the person chooses), and closing or
 * reloading the tab gets the browser's own 'Leave site?' question.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  // Read at navigation time: a save that navigates right after it succeeded must not be held.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The way to /login comes after a sign-out or an expired session: nothing could be saved any more.
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    dirtyRef.current && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/login';
  return useBlocker(shouldBlock);
}

/** The question asked before an in-app navigation would drop unsaved changes. Render it beside the form. */
export function UnsavedChangesPrompt({ dirty }: { dirty: boolean }) {
  const t = useT();
  const id = useId();
  const blocker = useUnsavedChangesGuard(dirty);
  if (blocker.state !== 'blocked') return null;
  return (
    <ModalDialog titleId={`${id}-title`} describedBy={`${id}-text`} onClose={() => blocker.reset()}>
      {(close) => (
        <div className={styles.content}>
          <h2 id={`${id}-title`} className={styles.title}>
            {t('app.unsavedChanges.title')}
          </h2>
          <p id={`${id}-text`} className={styles.text}>
            {t('app.unsavedChanges.text')}
          </p>
          <div className={styles.actions}>
            {/* First, so it has the focus: staying is the safe choice. */}
            <Button variant="secondary" onClick={close}>
              {t('app.unsavedChanges.stay')}
            </Button>
            <Button onClick={() => blocker.proceed()}>{t('app.unsavedChanges.leave')}</Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
