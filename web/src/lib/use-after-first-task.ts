import { useEffect, useState } from 'react';

/**
 * False on the first render, true one task after the component mounts: for work a page does not
 * need in its first frame (the toast container, the top bar's badge, the payments note). When a
 * server-rendered page hydrates, react-hook-form's `isReady` update makes React run every effect in
 * the same long task as the commit (decision 037); a fetch started or a stylesheet injected there
 * adds to the time the page cannot answer a tap. This moves that work into a task of its own.
 */
export function useAfterFirstTask(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfter(true));
    return () => clearTimeout(timer);
  }, []);
  return after;
}
