/** Small warm drawings for empty states; decorative, so hidden from assistive technology. */

export function CalendarIllustration() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <rect x="14" y="20" width="68" height="62" rx="14" fill="#fff" stroke="#f6a9bf" strokeWidth="3" />
      <path d="M14 34a14 14 0 0 1 14-14h40a14 14 0 0 1 14 14v6H14z" fill="#e8688f" />
      <rect x="30" y="12" width="6" height="16" rx="3" fill="#2a2136" />
      <rect x="60" y="12" width="6" height="16" rx="3" fill="#2a2136" />
      <g fill="#fde3ea">
        <circle cx="30" cy="52" r="4" />
        <circle cx="43" cy="52" r="4" />
        <circle cx="56" cy="52" r="4" />
        <circle cx="69" cy="52" r="4" />
        <circle cx="30" cy="66" r="4" />
        <circle cx="43" cy="66" r="4" />
      </g>
      <path d="M62 74s-9-5.2-9-10.6a4.6 4.6 0 0 1 9-1.6 4.6 4.6 0 0 1 9 1.6c0 5.4-9 10.6-9 10.6z" fill="#e8688f" />
      <path d="M84 14l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#ffd66b" />
    </svg>
  );
}

export function WishesIllustration() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <rect x="12" y="30" width="72" height="50" rx="10" fill="#fff" stroke="#9ccbec" strokeWidth="3" />
      <path d="M14 34l34 24 34-24" fill="none" stroke="#9ccbec" strokeWidth="3" strokeLinejoin="round" />
      <path d="M48 52s-10-5.8-10-11.8a5 5 0 0 1 10-1.8 5 5 0 0 1 10 1.8C58 46.2 48 52 48 52z" fill="#e8688f" />
      <path d="M22 14l1.6 4 4 1.6-4 1.6L22 25l-1.6-3.8-4-1.6 4-1.6z" fill="#ffd66b" />
      <path d="M76 10l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#f4a62a" />
    </svg>
  );
}

export function SunriseIllustration() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="58" r="20" fill="#ffd66b" />
      <g stroke="#f4a62a" strokeWidth="4" strokeLinecap="round">
        <path d="M48 22v8M22 34l6 6M74 34l-6 6M12 58h8M76 58h8" />
      </g>
      <path d="M8 64c14-6 26-6 40 0s26 6 40 0v18H8z" fill="#9ccbec" />
      <path d="M8 72c14-5 26-5 40 0s26 5 40 0v10H8z" fill="#4a9ad6" opacity="0.55" />
    </svg>
  );
}
