import type { Tranche, TrancheStatus } from "~/content/facets-token";
import { formatInteger, formatPercent, formatUsd } from "~/lib/format";
import { DataTable } from "./ui/data-table";
import { Tag, type TagTone } from "./ui/tag";

const statusTone: Record<TrancheStatus, TagTone> = {
  allocated: "brand",
  available: "gold",
  planned: "muted",
};

const statusFill: Record<TrancheStatus, string> = {
  allocated: "fill-brand-strong",
  available: "fill-gold-strong",
  planned: "fill-slate-500",
};

export function TrancheStatusTag({ status }: { status: TrancheStatus }) {
  return <Tag tone={statusTone[status]}>{status}</Tag>;
}

/** What each status means, beside the bars. */
export function TrancheStatusLegend({
  entries,
}: {
  entries: readonly { status: TrancheStatus; meaning: string }[];
}) {
  return (
    <dl className="space-y-4 self-start rounded-2xl border border-line p-6">
      {entries.map((entry) => (
        <div key={entry.status}>
          <dt>
            <TrancheStatusTag status={entry.status} />
          </dt>
          <dd className="mt-1 text-ink-muted">{entry.meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One bar per tranche, its length the tranche's share of the maximum supply. */
export function TrancheShareBars({ tranches }: { tranches: readonly Tranche[] }) {
  return (
    <ul className="space-y-4">
      {tranches.map((tranche) => (
        <li key={tranche.label}>
          <div className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-2">
              <span className="font-semibold">{tranche.label}</span>
              <TrancheStatusTag status={tranche.status} />
            </span>
            <span className="font-semibold tabular-nums">
              {formatPercent(tranche.percentOfSupply)}
              <span className="sr-only"> of supply, {formatInteger(tranche.tokens)} tokens</span>
            </span>
          </div>
          <svg
            width="100%"
            height="16"
            className="mt-1.5 block h-4 w-full"
            aria-hidden="true"
            focusable="false"
          >
            <rect width="100%" height="100%" rx="4" className="fill-surface-muted" />
            <rect
              width={`${tranche.percentOfSupply}%`}
              height="100%"
              rx="4"
              className={statusFill[tranche.status]}
            />
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** The tranche table of the spec (section 9), figures formatted by the shared formatters. */
export function TrancheTable({ tranches, caption }: { tranches: readonly Tranche[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      rows={tranches}
      rowKey={(tranche) => tranche.label}
      columns={[
        { header: "Tranche", cell: (tranche) => tranche.label },
        { header: "Tokens", cell: (tranche) => formatInteger(tranche.tokens), numeric: true },
        { header: "Price", cell: (tranche) => formatUsd(tranche.price), numeric: true },
        { header: "Cumulative", cell: (tranche) => formatInteger(tranche.cumulative), numeric: true },
        { header: "Market cap", cell: (tranche) => tranche.marketCap, numeric: true },
        { header: "Status", cell: (tranche) => <TrancheStatusTag status={tranche.status} /> },
      ]}
    />
  );
}
