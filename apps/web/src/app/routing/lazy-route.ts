import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route's screen in its own chunk, loadable ahead of its first render (see lazyRoute). */
export interface LazyRoute extends LazyExoticComponent<ComponentType> {
  /** Loads the screen's chunk; the same promise for every call. */
  preload(): Promise<void>;
}

/**
 * React.lazy for a route's screen, with `preload()`: once the chunk has loaded, the component
 * renders in the same pass instead of suspending once more (React's lazy reads a thenable that calls
 * back at once as already loaded). main.tsx preloads the screen of a server-rendered page before
 * hydrating it, so that the first render is the server's markup.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A failed chunk (two deploys meanwhile, the network): the next preload() fetches it again. A
        // render that failed stays failed until the page reloads (React's lazy() keeps its error),
        // which the router's boundary does once for a chunk that failed to load (stale-build.ts).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // React's lazy() calls this once, at the first render, and reads the screen synchronously when
  // the thenable has called back by the time then() returns (React's lazyInitializer).
  const component = lazy(() => {
    if (!loaded) return preload().then(() => ({ default: loaded! }));
    const screen = { default: loaded };
    const ready: PromiseLike<typeof screen> = {
      then: (onLoaded) => (onLoaded?.(screen), ready) as never,
    };
    return ready as Promise<typeof screen>;
  });
  return Object.assign(component, { preload });
}
