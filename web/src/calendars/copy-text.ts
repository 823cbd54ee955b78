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

export function getShareLink(shareUrl: string): string {
  return `${window.location.origin}${shareUrl}`;
}
