import type { Translate } from '../i18n/use-t.tsx';
import { showErrorToast, showSuccessToast } from '../shell/app-toast.ts';

/** Copies a share link and says so; where the clipboard is refused, the user is told to copy by hand. */
export async function copyShareLink(link: string, t: Translate): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showSuccessToast(t('calendars.share.copied'));
  } catch {
    showErrorToast(t('calendars.share.copyFailed', { link }));
  }
}

/** `origin`: the site's public address where the page is rendered on the server (decision 036); else the browser's. */
export function getShareLink(shareUrl: string, origin = window.location.origin): string {
  return `${origin}${shareUrl}`;
}
