import { badRequest } from '../errors.js';

export interface BrandedDomain {
  /** What the API shows: scheme and host (with a non-default port), no trailing slash. */
  domain: string;
  /** Lower-case `host[:port]`, matched against the Host header of redirect requests. */
  host: string;
}

const EXAMPLE = 'such as "https://go.example.com"';
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Reads a branded domain as the API takes it: an http(s) address of a bare host. Names in other
 * scripts are accepted and kept in their ASCII (punycode) form, which is what a Host header
 * carries; IP addresses are refused because a branded domain is a name pointed at the service.
 */
export function parseBrandedDomain(text: string): BrandedDomain {
  // "https://go.example.com/" (or "//") is the domain itself, as real services store it.
  const trimmed = text.trim().replace(/^(https?:\/\/[^/?#\\]+)\/+$/i, '$1');
  if (!/^https?:\/\//i.test(trimmed)) {
    throw badRequest(`The field "domain" must start with http:// or https://, ${EXAMPLE}.`);
  }
  // "https:///go.example.com" and backslashes parse as a host only by the URL parser's leniency.
  if (!/^https?:\/\/[^/\\]/i.test(trimmed) || trimmed.includes('\\')) {
    throw badRequest(
      `The field "domain" must be written with two forward slashes and no backslashes, ${EXAMPLE}.`,
    );
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw badRequest(
      `The field "domain" is not a valid address; send the scheme and host name, ${EXAMPLE}.`,
    );
  }
  if (url.username || url.password) {
    throw badRequest(
      `The field "domain" must not contain a user name or password; send only the scheme and host name, ${EXAMPLE}.`,
    );
  }
  if (url.pathname !== '/' || trimmed.includes('?') || trimmed.includes('#')) {
    throw badRequest(
      `The field "domain" must be a bare domain without a path, query or fragment, ${EXAMPLE}.`,
    );
  }
  const hostname = url.hostname;
  if (hostname.startsWith('[') || /^\d+(\.\d+){3}$/.test(hostname)) {
    throw badRequest(`The field "domain" must be a domain name, not an IP address, ${EXAMPLE}.`);
  }
  const labels = hostname.split('.');
  if (
    hostname.length > 253 ||
    labels.length < 2 ||
    !labels.every((l) => LABEL.test(l)) ||
    /^\d+$/.test(labels.at(-1) as string)
  ) {
    throw badRequest(
      `The field "domain" does not hold a valid domain name: use letters, digits and "-" in dot-separated parts, ${EXAMPLE}.`,
    );
  }
  return { domain: `${url.protocol}//${url.host}`, host: url.host };
}
