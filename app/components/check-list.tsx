/** A tick, drawn in the current text colour; decorative. */
export function CheckIcon({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      className={`size-4 shrink-0 ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="m3.5 8.5 3 3 6-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A list of short points, each with a green tick. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckIcon className="mt-1 text-success" />
          {item}
        </li>
      ))}
    </ul>
  );
}
