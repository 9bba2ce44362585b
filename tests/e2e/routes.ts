import { indexablePaths, interactivePaths, signedInPaths, unlistedPaths } from "../../app/lib/route-table";

/** Every page a visitor can open without signing in (the admin dashboard is checked signed in). */
export const publicPages: string[] = [
  ...indexablePaths,
  ...unlistedPaths.filter(
    (path) =>
      path !== "/admin" && !(signedInPaths as readonly string[]).includes(path) && !path.startsWith("/api"),
  ),
];

/** Pages that opt into JavaScript (handle.hydrate); all others must ship none. */
export const interactivePages: ReadonlySet<string> = new Set(interactivePaths);
