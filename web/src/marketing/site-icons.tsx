// Icons of the public pages; a site-* module, so the build keeps them in the chunk these pages share.
/** The chevron of "back" links and buttons; decorative, the text beside it names the action. */
export function ChevronLeftIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M12.5 4.5 7 10l5.5 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
