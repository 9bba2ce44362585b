// Formatters both server and client use, so every figure on the site is written one way.

const integerFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

const usdFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const percentFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

const longDateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** 5250000 → "5,250,000" */
export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** 4960 → "$4,960.00" */
export function formatUsd(price: number): string {
  return usdFormat.format(price);
}

/** 25.8 → "25.8%", 25 → "25%" (the value is already a percentage, not a fraction). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** An ISO date ("2025-03-12") → "12 March 2025", read in UTC so the day never shifts. */
export function formatLongDate(isoDate: string): string {
  return longDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** 130 → "2:10", 3725 → "1:02:05": a position in a video. */
export function formatClockTime(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** 130 → "PT2M10S": the machine-readable form for <time dateTime>. */
export function isoDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds || (!hours && !minutes) ? `${seconds}S` : ""}`;
}
