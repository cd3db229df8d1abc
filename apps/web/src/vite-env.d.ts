/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; '/api' (same origin, proxied by Vite in development) when unset. */
  readonly VITE_API_BASE?: string;
  /** The Join Discord invite on the home page. */
  readonly VITE_DISCORD_INVITE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
