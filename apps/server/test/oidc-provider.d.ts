/**
 * The slice of oidc-provider (v9, which ships no types) that oidc.test.ts uses: a local
 * OpenID provider standing in for Google.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
