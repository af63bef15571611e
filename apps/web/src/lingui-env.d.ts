/** A catalog file imported with `?lingui`: @lingui/vite-plugin compiles it at build time. */
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
