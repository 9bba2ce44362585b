import { type ComponentType, createElement, lazy } from "react";

// A component whose code loads on demand (React's `lazy`), which the server can load before it renders, so
// its page never waits on it there: a page that streams around a component still loading would, without
// JavaScript, stay hidden. In the browser the first render waits for the code, and meanwhile the server's
// HTML of it stays in the page and works.

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const OnDemand = lazy(async () => {
    loaded = await load();
    return { default: loaded };
  });
  const Component = (props: P) => createElement(loaded ?? (OnDemand as ComponentType<P>), props);
  return Object.assign(Component, {
    preload: async () => {
      loaded = await load();
    },
  });
}
