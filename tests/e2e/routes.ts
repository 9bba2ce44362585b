import {
  indexablePaths,
  interactivePaths,
  islandPaths,
  signedInPaths,
  unlistedPaths,
} from "../../app/lib/route-table";

/** Every page a visitor can open without signing in (the admin dashboard is checked signed in). */
export const publicPages: string[] = [
  ...indexablePaths,
  ...unlistedPaths.filter(
    (path) =>
      path !== "/admin" && !(signedInPaths as readonly string[]).includes(path) && !path.startsWith("/api"),
  ),
];

/** Pages that load React Router's client; island pages and content pages must ship none of it. */
export const interactivePages: ReadonlySet<string> = new Set(interactivePaths);

/** Pages whose interactive parts are islands: one inline starter until a person interacts. */
export const islandPages: ReadonlySet<string> = new Set(islandPaths);

/** Router pages for signed-in people only: each keeps within the JavaScript budget, signed in. */
export const signedInInteractivePages: readonly string[] = interactivePaths.filter((path) =>
  (signedInPaths as readonly string[]).includes(path),
);

/** Every document a person opens with JavaScript: the island pages and the signed-in pages. */
export const scriptedPages = { visitor: islandPaths, signedIn: signedInPaths } as const;
