import type { ReactNode } from "react";

export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures align to the end so digits line up. */
  numeric?: boolean;
}

interface DataTableProps<Row> {
  caption: string;
  /** The first column names the row and is rendered as its row header. */
  columns: readonly [DataColumn<Row>, ...DataColumn<Row>[]];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The table's own classes, for a minimum width other than 40rem (below it, the region scrolls). */
  tableClassName?: string;
}

/**
 * A captioned table with column and row headers. On narrow screens it scrolls sideways inside a
 * focusable, labelled region, so the page itself never overflows and keyboard users can scroll it.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  tableClassName = "min-w-[40rem]",
}: DataTableProps<Row>) {
  const [first, ...rest] = columns;
  const align = (column: DataColumn<Row>) =>
    column.numeric ? "text-right tabular-nums whitespace-nowrap" : "text-left";
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-line bg-surface"
    >
      <table className={`w-full border-collapse text-sm sm:text-base ${tableClassName}`}>
        <caption className="pt-4 pb-2 text-left text-base font-semibold text-ink">
          {/* Sticky and no wider than the screen, so the caption stays readable while the table scrolls. */}
          <span className="sticky left-0 block max-w-[calc(100vw-2rem)] px-4">{caption}</span>
        </caption>
        <thead className="bg-surface-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-4 py-3 font-semibold whitespace-nowrap text-ink ${align(column)}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line align-top">
              <th scope="row" className={`px-4 py-3 font-semibold text-ink ${align(first)}`}>
                {first.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.header} className={`px-4 py-3 text-ink-muted ${align(column)}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
