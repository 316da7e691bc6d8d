import * as client from 'openid-client';

export interface IssuerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Only the embedded provider runs on plain http (localhost). */
  allowHttp: boolean;
}

/**
 * The relying party's view of the issuer, discovered on first use (the embedded provider only
 * answers once this server listens) and kept. A failed discovery is retried on the next call.
 */
export function issuerClient(settings: IssuerSettings) {
  let discovered: Promise<client.Configuration> | undefined;
  return function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
}
