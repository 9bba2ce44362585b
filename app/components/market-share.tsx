import type { MarketZone } from "~/content/facetsre";
import { Card, CardGrid } from "./ui/card";

const tones = [
  { fill: "fill-gold-strong", swatch: "bg-gold-strong" },
  { fill: "fill-brand", swatch: "bg-brand" },
  { fill: "fill-brand-strong", swatch: "bg-brand-strong" },
] as const;

function toneAt(index: number) {
  return tones[index % tones.length] ?? tones[0];
}

/** One bar split into the parts of a market, with a legend that carries the figures in text. */
export function MarketSplitBar({ label, parts }: { label: string; parts: readonly MarketZone[] }) {
  const offsets = parts.map((_, index) => parts.slice(0, index).reduce((sum, part) => sum + part.percent, 0));
  return (
    <figure className="rounded-2xl border border-line bg-surface p-6">
      <figcaption className="font-semibold text-ink">{label}</figcaption>
      <svg width="100%" height="32" className="mt-4 block h-8 w-full" aria-hidden="true" focusable="false">
        {parts.map((part, index) => (
          <rect
            key={part.title}
            x={`${offsets[index]}%`}
            width={`${part.percent}%`}
            height="100%"
            className={toneAt(index).fill}
          />
        ))}
      </svg>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {parts.map((part, index) => (
          <div key={part.title}>
            <dt className="flex items-center gap-3 font-semibold text-ink">
              <span className={`size-3 shrink-0 rounded-sm ${toneAt(index).swatch}`} aria-hidden="true" />
              {part.title}
            </dt>
            <dd className="pl-6 text-ink-muted">
              {part.percent}%, {part.value}
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}

/** A card per market zone: its value, a bar of its share of the whole, and what it means. */
export function MarketZoneCards({ zones, wholeLabel }: { zones: readonly MarketZone[]; wholeLabel: string }) {
  return (
    <CardGrid columns={2}>
      {zones.map((zone, index) => (
        <Card key={zone.title} title={zone.title}>
          <p className="text-4xl font-bold text-brand-strong">{zone.value}</p>
          <p className="mt-1 text-sm">
            {zone.percent}% of {wholeLabel}
          </p>
          <svg
            width="100%"
            height="16"
            className="mt-3 block h-4 w-full"
            aria-hidden="true"
            focusable="false"
          >
            <rect width="100%" height="100%" rx="4" className="fill-surface-muted" />
            <rect width={`${zone.percent}%`} height="100%" rx="4" className={toneAt(index + 1).fill} />
          </svg>
          <p className="mt-4">{zone.body}</p>
        </Card>
      ))}
    </CardGrid>
  );
}
