/** The id of this web build (vite.config.ts `define`); the offline cache's buster. */
declare const __APP_BUILD_ID__: string;
