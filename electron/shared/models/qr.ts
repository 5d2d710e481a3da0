/**
 * QR codes (issue 31): as a list shows them, as created or updated, and read whole. What they
 * hold (QrData, QrType) is in ../qr-codes.ts. Part of the shared models (see ../models.ts).
 */
import type { QrData, QrType } from '../qr-codes.js';
import type { LinkStats } from './links.js';

/**
 * A QR code as a list shows it (issue 31). Deployments list `{id, name, link, scans, date}`
 * (6.1 says `title` for `name`); `type` and `content` come from the details or from what this
 * app sent, and stay null until one of them is known.
 */
export interface QrCode {
  id: number;
  name: string;
  /** The image's address on the service (`<site>/qr/<alias>`). */
  link: string;
  /** Counted scans (a static type is never counted: 0). */
  scans: number;
  date: string;
  type: string | null;
  /** What the code holds (`data` as sent), or null when not known. */
  content: QrData | null;
  /** The hidden short link a dynamic code's image holds, once a read of its details told it. */
  shortUrl: string | null;
}

/** What creating a QR code sends: colours as `rgb(r,g,b)`, the only form deployments parse. */
export interface QrInput {
  type: QrType;
  data: QrData;
  name?: string;
  background?: string;
  foreground?: string;
  /** The web address of a PNG or JPG the service fetches (drawn only where its plan allows). */
  logo?: string;
}

/** A QR code update: the fields to change (6.1 has no update; 6.1 and 6.2 keep type and name). */
export type QrUpdateInput = Partial<QrInput>;

/** What creating or updating a QR code answers. */
export interface QrSaved {
  id: number;
  /** The image's address. */
  link: string;
}

/** A QR code read whole (`GET /api/qr/:id`), with its scan statistics. */
export interface QrDetails {
  id: number;
  type: string | null;
  name: string;
  link: string;
  scans: number;
  date: string;
  content: QrData | null;
  background: string | null;
  foreground: string | null;
  logo: string | null;
  /** Whether scans are counted (a hidden short link); null when the service does not say. */
  dynamic: boolean | null;
  /** The hidden short link the image encodes, when the service says. */
  shortUrl: string | null;
  stats: LinkStats;
}
