import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type TModuleLoader = () => Promise<{ default: ComponentType }>;
export type TPreloadableLazy = LazyExoticComponent<ComponentType> & { preload: TModuleLoader };

/**
 * React.lazy with a `preload` that makes its first render immediate. React.lazy given a promise suspends on its
 * first render even when the chunk is already loaded; during hydration that leaves the Suspense boundary around
 * it dehydrated after the first commit, and a context change above it then (the chat provider's, right after
 * hydration) makes React throw the server HTML away and show the fallback skeleton (a layout shift of about 1).
 * Once loaded, the factory answers with a thenable that resolves synchronously, which React.lazy accepts without
 * suspending.
 */
export function preloadableLazy(loader: TModuleLoader): TPreloadableLazy {
  let loaded: Awaited<ReturnType<TModuleLoader>> | undefined;
  // Once loaded, no new import(): the server preloads the page on every render, and under the tsx loader each
  // import() is a round trip to its hooks thread (3 ms of CPU a render in a profile). A failed load is retried.
  const preload: TModuleLoader = () =>
    loaded
      ? Promise.resolve(loaded)
      : loader().then((module) => {
          loaded = module;
          return module;
        });
  const fromCache = (): ReturnType<TModuleLoader> => {
    const module = loaded;
    return module
      ? ({
          // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: React.lazy resolves it at once
          then: (resolve: (value: typeof module) => void) => resolve(module),
        } as unknown as ReturnType<TModuleLoader>)
      : preload();
  };
  return Object.assign(lazy(fromCache), { preload });
}
