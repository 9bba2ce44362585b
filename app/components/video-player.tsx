import type { Film } from "~/content/videos";

/**
 * A film streamed from our own /api/video routes, in the browser's native player: it plays, seeks
 * (the stream answers Range requests) and goes full screen with no JavaScript of ours. Only the
 * metadata loads until the visitor presses play. The poster is often the page's largest paint on a phone,
 * so it is preloaded from the document's head rather than found when the player is laid out.
 */
export function VideoPlayer({ film }: { film: Film }) {
  return (
    <figure>
      {/* React hoists a <link> into the document's head. */}
      <link rel="preload" as="image" href={film.poster} fetchPriority="high" />
      {/* biome-ignore lint/a11y/useMediaCaption: the films have no transcript yet; the track renders once `captions` is set in content/videos.ts. */}
      <video
        controls
        preload="metadata"
        playsInline
        poster={film.poster}
        width={1280}
        height={720}
        aria-label={film.title}
        className="aspect-video h-auto w-full rounded-2xl bg-night"
      >
        <source src={film.src} type="video/mp4" />
        {film.captions ? (
          <track kind="captions" src={film.captions} srcLang="en" label="English" default />
        ) : null}
        <p className="p-6 text-white">
          Your browser cannot play this film here.{" "}
          <a href={film.src} className="font-semibold text-gold underline">
            Download the film (MP4)
          </a>
          .
        </p>
      </video>
      <figcaption className="mt-3 text-ink-muted">
        {film.title}.{" "}
        <a href={film.src} className="font-semibold text-brand underline">
          Open the film file (MP4)
        </a>
      </figcaption>
    </figure>
  );
}
