/** The year the app was built (vite.config.ts `define`): the prerendered footer's year. */
declare const __BUILD_YEAR__: number;
