import { createAccountApi, type AccountApi } from './account.js';
import { createCampaignsApi, type CampaignsApi } from './campaigns.js';
import { createOverlaysApi, createSplashApi, type OverlaysApi, type SplashApi } from './catalog.js';
import { createChannelsApi, type ChannelsApi } from './channels.js';
import { createClicksApi, type ClicksApi } from './clicks.js';
import { createDomainsApi, type DomainsApi } from './domains.js';
import { createLinksApi, type LinksApi } from './links.js';
import { createPixelsApi, type PixelsApi } from './pixels.js';
import { createQrCodesApi, type QrCodesApi } from './qr-codes.js';
import type { RateInfo } from './rate-info.js';
import { createTransport, type AuthScheme, type TransportOptions } from './transport.js';

export type ApiClientOptions = TransportOptions;

/** Every endpoint of the spec, typed, grouped by resource. Each method takes CallOptions last. */
export interface ApiClient {
  readonly links: LinksApi;
  readonly account: AccountApi;
  readonly channels: ChannelsApi;
  readonly campaigns: CampaignsApi;
  readonly domains: DomainsApi;
  readonly pixels: PixelsApi;
  /** QR codes (issue 31): every deployment from 6.1 has them. */
  readonly qrs: QrCodesApi;
  readonly overlays: OverlaysApi;
  readonly splash: SplashApi;
  /** Click timelines: the local service's extension of the spec (null elsewhere). */
  readonly clicks: ClicksApi;
  /** Adds a listener for the rate facts of every answer; returns the remover. */
  addRateInfoListener(listener: (info: RateInfo) => void): () => void;
  /** The auth scheme in use (learned after a refusal, see TransportOptions.authScheme). */
  readonly authScheme: AuthScheme;
  /** The normalised base URL. */
  readonly baseUrl: string;
}

/**
 * The API client of one profile. It holds no key: `apiKey` is asked at every call, so the key
 * stays in the keychain and never sits on an object that could be logged or serialised.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const t = createTransport(options);
  return {
    links: createLinksApi(t),
    account: createAccountApi(t),
    channels: createChannelsApi(t),
    campaigns: createCampaignsApi(t),
    domains: createDomainsApi(t),
    pixels: createPixelsApi(t),
    qrs: createQrCodesApi(t),
    overlays: createOverlaysApi(t),
    splash: createSplashApi(t),
    clicks: createClicksApi(t),
    addRateInfoListener: (listener) => t.addRateInfoListener(listener),
    get authScheme() {
      return t.authScheme;
    },
    baseUrl: t.baseUrl,
  };
}
