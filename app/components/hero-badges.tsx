import { CheckIcon } from "./check-list";

/** Short claims under a page's hero, as outlined pills on the night background. */
export function HeroBadges({ badges, label }: { badges: readonly string[]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-3" aria-label={label}>
      {badges.map((badge) => (
        <li
          key={badge}
          className="inline-flex items-center gap-2 rounded-full border border-white/30 px-4 py-1.5 text-sm text-slate-100"
        >
          <CheckIcon className="text-gold" />
          {badge}
        </li>
      ))}
    </ul>
  );
}
