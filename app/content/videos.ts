// The two films the site streams from its own storage (spec section 7: GET /api/video/...),
// each with our own poster in public/posters/.

export interface Film {
  title: string;
  src: string;
  poster: string;
  /** WebVTT captions (public/captions/...); add them when the film's transcript exists. */
  captions?: string;
}

export const films = {
  facetsre: {
    title: "FACETS RE: the reinsurance pitch",
    src: "/api/video/facetsre-test",
    poster: "/posters/facetsre.svg",
  },
  workzone: {
    title: "FACETS Workzone: private viewing",
    src: "/api/video/workzone",
    poster: "/posters/workzone.svg",
  },
} as const satisfies Record<string, Film>;
