/**
 * The outbound rules: which network addresses Linkdeck may connect to when it fetches an
 * address someone else wrote (a link's target, a workspace's public address). A link in a
 * shared workspace must not turn the user's computer into a probe of their own network
 * (server-side request forgery): loopback, private, link-local (the cloud metadata service
 * lives there), carrier-grade NAT, multicast, unspecified and reserved addresses are refused
 * unless the user asked for their own network to be checked too.
 *
 * ipaddr.js names the ranges; the decision (what counts as "own network", what is never
 * allowed, how an IPv6 address that carries an IPv4 one is judged) is ours, here.
 *
 * Addresses are judged in canonical form. Numeric spellings of hosts (`0x7f000001`,
 * `2130706433`, `127.1`, `0177.0.0.1`) are normalised by the WHATWG URL parser first
 * ({@link hostAddress}), the same parser every request goes through, so what is checked is
 * what would be connected to.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';

/** What kind of address this is, as far as the rules care. */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'unique-local'
  | 'link-local'
  | 'carrier-grade-nat'
  | 'cloud-metadata'
  | 'multicast'
  | 'broadcast'
  | 'unspecified'
  | 'reserved';

/** Kinds on the user's own computer or network: allowed only when the user turned that on. */
const OWN_NETWORK: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'unique-local', 'link-local', 'carrier-grade-nat']);

/** How each kind reads after "127.0.0.1 is …". */
const WORDS: Record<AddressKind, string> = {
  public: 'a public address',
  loopback: 'loopback',
  private: 'in a private network range',
  'unique-local': 'a unique local (private) IPv6 address',
  'link-local': 'link-local',
  'carrier-grade-nat': 'carrier-grade NAT',
  'cloud-metadata': 'the cloud metadata service',
  multicast: 'multicast',
  broadcast: 'broadcast',
  unspecified: 'unspecified',
  reserved: 'reserved',
};

/**
 * The cloud providers' instance metadata services (credentials live there). Link-local, so
 * "own network" would let them through; they stay refused whatever the setting says.
 */
const CLOUD_METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

export interface AddressClass {
  /** The canonical address (IPv4 dotted, IPv6 RFC 5952). */
  address: string;
  kind: AddressKind;
  /** "loopback", "in a private network range" … */
  words: string;
}

/**
 * Classifies an IP address in its canonical text form (as `dns.lookup` or the URL parser
 * gives it; IPv6 with or without brackets). Throws for anything else: a host name is never
 * guessed at here, it must be resolved first.
 */
export function classifyAddress(text: string): AddressClass {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const version = isIP(bare);
  if (version === 0) throw new TypeError(`Not an IP address: ${text}`);
  // IPv6 through the URL parser first: ipaddr.js reads `::127.0.0.1` as `::ffff:127.0.0.1`,
  // the URL parser (and the connection) as `::7f00:1`. A zone (`%eth0`) is not part of the address.
  const parsed = ipaddr.parse(version === 6 ? canonicalIpv6(bare) : bare);
  const kind = parsed.kind() === 'ipv4' ? ipv4Kind(parsed as ipaddr.IPv4) : ipv6Kind(parsed as ipaddr.IPv6);
  const address = parsed.kind() === 'ipv6' ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
  return { address, kind, words: WORDS[kind] };
}

function canonicalIpv6(address: string): string {
  const withoutZone = address.split('%')[0] ?? address;
  try {
    return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
  } catch {
    return withoutZone;
  }
}

function ipv4Kind(address: ipaddr.IPv4): AddressKind {
  if (CLOUD_METADATA.has(address.toString())) return 'cloud-metadata';
  const range = address.range();
  switch (range) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'private':
      return 'private';
    case 'linkLocal':
      return 'link-local';
    case 'carrierGradeNat':
      return 'carrier-grade-nat';
    case 'multicast':
      return 'multicast';
    case 'broadcast':
      return 'broadcast';
    case 'unspecified':
      return 'unspecified';
    default:
      // reserved, documentation, benchmarking, AS112, AMT: no web page lives there.
      return 'reserved';
  }
}

/** Global unicast IPv6 is 2000::/3; everything outside it that is not named below is unassigned. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function ipv6Kind(address: ipaddr.IPv6): AddressKind {
  if (CLOUD_METADATA.has(address.toRFC5952String())) return 'cloud-metadata';
  const range = address.range();
  switch (range) {
    case 'loopback':
      return 'loopback';
    case 'unspecified':
      return 'unspecified';
    case 'linkLocal':
      return 'link-local';
    case 'uniqueLocal':
      return 'unique-local';
    case 'multicast':
      return 'multicast';
    case 'ipv4Mapped':
    case 'rfc6145':
      // ::ffff:127.0.0.1 reaches 127.0.0.1: judged as the IPv4 address it carries.
      return ipv4Kind(ipaddr.IPv4.parse(lastIpv4(address)));
    case 'rfc6052': {
      // NAT64 (64:ff9b::/96): how IPv6-only networks reach IPv4 sites, so allowed for public
      // IPv4 addresses; the gateway would forward the rest into the IPv4 network behind it.
      return ipv4Kind(ipaddr.IPv4.parse(lastIpv4(address)));
    }
    case '6to4': {
      // 2002:AABB:CCDD::/48 tunnels to the IPv4 address AA.BB.CC.DD.
      const [, hi = 0, lo = 0] = address.parts;
      return ipv4Kind(new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]));
    }
    case 'unicast':
      return address.match(GLOBAL_UNICAST) ? 'public' : 'reserved';
    default:
      // teredo, documentation, benchmarking, ORCHID, discard, site-local, segment routing …
      return 'reserved';
  }
}

function lastIpv4(address: ipaddr.IPv6): string {
  const hi = address.parts[6] ?? 0;
  const lo = address.parts[7] ?? 0;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/**
 * The IP address a URL host names literally, normalised the way a request would connect to it
 * (`0x7f000001`, `2130706433`, `127.1` → `127.0.0.1`; `[::ffff:127.0.0.1]` → `::ffff:7f00:1`),
 * or null when the host is a name that has to be resolved.
 */
export function hostAddress(host: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
  } catch {
    return null;
  }
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

/** Why a connection to an address is not made. */
export interface AddressRefusal {
  address: string;
  kind: AddressKind;
  /**
   * own-network: on the user's computer or network (allowed with the setting on);
   * never: not a place a web page can be (multicast, reserved …) or the cloud metadata service.
   */
  rule: 'own-network' | 'never';
}

export interface OutboundPolicy {
  /** Null when a connection to this (canonical) address may be made; why not otherwise. */
  check(address: string): AddressRefusal | null;
  /** Whether addresses on the user's own network are allowed (the setting). */
  readonly allowOwnNetwork: boolean;
}

export interface OutboundPolicyOptions {
  /** "Also check links to addresses on my own network": loopback, private, link-local, CGNAT. */
  allowOwnNetwork?: boolean;
  /**
   * Exact addresses allowed whatever their kind. Only for tests, whose servers all live on
   * loopback: production code never passes it.
   */
  permit?: readonly string[];
}

export function createOutboundPolicy(options: OutboundPolicyOptions = {}): OutboundPolicy {
  const allowOwnNetwork = options.allowOwnNetwork === true;
  const permitted = new Set((options.permit ?? []).map((a) => classifyAddress(a).address));
  return {
    allowOwnNetwork,
    check(text) {
      const { address, kind } = classifyAddress(text);
      if (kind === 'public' || permitted.has(address)) return null;
      if (OWN_NETWORK.has(kind)) return allowOwnNetwork ? null : { address, kind, rule: 'own-network' };
      return { address, kind, rule: 'never' };
    },
  };
}

/**
 * A refusal in words, naming the rule: "Not checked — private address (127.0.0.1 is loopback)",
 * "Not checked — private address (intranet.example resolves to 10.0.0.5, in a private network
 * range)", "Not checked — not an internet address (240.0.0.1 is reserved)"; after a redirect,
 * "Not checked — redirects to a private address (…)".
 */
export function refusalText(refusal: AddressRefusal, host?: string, options: { redirect?: boolean } = {}): string {
  return englishText(refusalRef(refusal, host, options));
}

/** The address kinds as the `kind` choice of errors.net.refused ('unique-local' → 'uniqueLocal'). */
const KIND_CHOICE = (kind: AddressKind): string => kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Where the refused address is, as a message: “127.0.0.1 is loopback”, “intranet.example resolves
 * to 10.0.0.5, in a private network range” (the live import's refusal says it in its own sentence).
 */
export function refusalWhereRef(refusal: AddressRefusal, host?: string): MessageRef {
  const kind = KIND_CHOICE(refusal.kind);
  const named = host !== undefined && host !== refusal.address && host !== `[${refusal.address}]`;
  return named
    ? msg('errors.net.hostResolvesTo', { host, address: refusal.address, kind })
    : msg('errors.net.addressIs', { address: refusal.address, kind });
}

/** The same refusal as a message (issue 44): shown in the person's language, stored by the link check. */
export function refusalRef(refusal: AddressRefusal, host?: string, options: { redirect?: boolean } = {}): MessageRef {
  const rule = refusal.kind === 'cloud-metadata' ? 'metadata' : refusal.rule === 'own-network' ? 'own' : 'never';
  const heading = msg('errors.net.refusedHeading', { rule, redirect: options.redirect ? 'yes' : 'no' });
  const named = host !== undefined && host !== refusal.address && host !== `[${refusal.address}]`;
  const params = { heading, address: refusal.address, kind: KIND_CHOICE(refusal.kind) };
  return named ? msg('errors.net.refusedNamed', { ...params, host }) : msg('errors.net.refused', params);
}
