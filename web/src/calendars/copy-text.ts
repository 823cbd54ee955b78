import { showErrorToast, showSuccessToast } from '../shell/app-toast.ts';

/** Copies a share link and says so; where the clipboard is refused, the user is told to copy by hand. */
export async function copyShareLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showSuccessToast('Link copied. Share it with your loved ones!');
  } catch {
    showErrorToast(`We couldn’t copy the link. Please copy it by hand: ${link}`);
  }
}

export function getShareLink(shareUrl: string): string {
  return `${window.location.origin}${shareUrl}`;
}
