import { Link } from "react-router";
import { formatClockTime, isoDuration } from "~/lib/format";

export interface VideoChapter {
  start: number;
  title: string;
}

interface VideoFacadeProps {
  title: string;
  /** Page address with the start time, e.g. (start) => `/ip-token?play=${start}#video`. */
  playHref: (start: number) => string;
  /** Where the player is, once the visitor asked for it; null shows our own poster. */
  playing: { start: number; embedSrc: string } | null;
  stopHref: string;
  playLabel: string;
  stopLabel: string;
}

/**
 * A third-party video that loads nothing from the third party until the visitor asks: our own
 * poster links to the page again with `?play=`, and only then does the server render the iframe.
 * Works without JavaScript.
 */
export function VideoFacade({ title, playHref, playing, stopHref, playLabel, stopLabel }: VideoFacadeProps) {
  if (playing) {
    return (
      <div>
        <iframe
          src={playing.embedSrc}
          title={title}
          width="560"
          height="315"
          className="aspect-video h-auto w-full rounded-2xl bg-night"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
        <p className="mt-3">
          <Link to={stopHref} className="font-semibold text-brand underline">
            {stopLabel}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <Link
      to={playHref(0)}
      className="group block overflow-hidden rounded-2xl bg-night focus-visible:outline-offset-4"
    >
      <VideoPoster />
      <span className="flex items-center gap-3 px-5 py-4 text-lg font-semibold text-white group-hover:underline">
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="12" className="fill-gold" />
          <path d="M9.5 7.5v9l7-4.5Z" className="fill-night" />
        </svg>
        {playLabel}
        <span className="sr-only">: {title}</span>
      </span>
    </Link>
  );
}

/** The film's chapters; each starts the player at its time. */
export function VideoChapters({
  chapters,
  playHref,
  currentStart,
}: {
  chapters: readonly VideoChapter[];
  playHref: (start: number) => string;
  currentStart: number | null;
}) {
  return (
    <ol className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {chapters.map((chapter) => {
        const current = chapter.start === currentStart;
        return (
          <li key={chapter.start}>
            <Link
              to={playHref(chapter.start)}
              aria-current={current ? "true" : undefined}
              className={`flex gap-4 px-4 py-3 hover:bg-brand-soft ${current ? "bg-brand-soft font-semibold text-brand-strong" : "text-ink"}`}
            >
              <time
                dateTime={isoDuration(chapter.start)}
                className="w-14 shrink-0 font-mono text-brand-strong"
              >
                {formatClockTime(chapter.start)}
              </time>
              <span>{chapter.title}</span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/** Our own 16:9 poster: facets of a gem over the night palette. Decorative; the link says what it does. */
function VideoPoster() {
  return (
    <svg
      viewBox="0 0 640 360"
      width="640"
      height="360"
      className="block aspect-video h-auto w-full"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="640" height="360" className="fill-night" />
      <path d="M0 360 220 120 400 360Z" className="fill-night-soft" />
      <path d="M640 0v240L430 0Z" className="fill-night-soft" />
      <g transform="translate(250 60)">
        <path d="M70 0 140 50 70 150 0 50Z" className="fill-brand" />
        <path d="M70 0 105 50H35Z" className="fill-blue-300" />
        <path d="M35 50h70l-35 100Z" className="fill-brand-strong" />
        <path d="M140 50h-35l-35 100Z" className="fill-gold" />
      </g>
      <text x="320" y="250" textAnchor="middle" className="fill-white text-[32px] font-bold">
        IP and IP tokens
      </text>
    </svg>
  );
}
