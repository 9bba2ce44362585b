import { type AfricaPoint, africaApproach, africaFocus } from "~/content/africa";
import { TextCards } from "./ui/card";
import { Section } from "./ui/section";

// The sections /africa and /mobile1 share: how FACETS works in Africa, and the three focus areas.

export function AfricaApproachSection() {
  return (
    <Section id="approach" title={africaApproach.title} lead={africaApproach.lead}>
      <TextCards cards={africaApproach.points} />
    </Section>
  );
}

export function AfricaFocusSection() {
  return (
    <Section id="focus" title={africaFocus.title} lead={africaFocus.lead} tone="night">
      <ul className="grid gap-6 md:grid-cols-3">
        {africaFocus.areas.map((area, index) => (
          <FocusArea key={area.title} area={area} index={index} />
        ))}
      </ul>
    </Section>
  );
}

const focusIcons = [
  // Accessibility: a phone
  "M9 3h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm2 15h2",
  // Affordability: a coin
  "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Zm3 6.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v2m0 8v2",
  // Simplicity: a tick
  "m5 12.5 4.5 4.5L19 7",
];

function FocusArea({ area, index }: { area: AfricaPoint; index: number }) {
  return (
    <li className="rounded-2xl bg-night-soft p-6">
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        className="size-10 rounded-xl bg-gold/15 p-2 text-gold"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d={focusIcons[index % focusIcons.length]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h3 className="mt-5 text-xl font-semibold text-gold">{area.title}</h3>
      <p className="mt-3 text-slate-200">{area.body}</p>
    </li>
  );
}
