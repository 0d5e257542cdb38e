import { SERVER_INFO_PATH } from '@rollcall/protocol';

/**
 * The address phones use to join. The page's own origin is wrong on a TV
 * opened as http://localhost, so the server says which address its LAN (or a
 * configured public URL) reaches; the page's origin is the fallback.
 */
export async function fetchJoinBase(fallback: string, fetcher: typeof fetch = fetch): Promise<string> {
  try {
    const response = await fetcher(SERVER_INFO_PATH, { headers: { accept: 'application/json' } });
    if (response.ok) {
      const body: unknown = await response.json();
      if (typeof body === 'object' && body !== null && 'publicUrl' in body && typeof body.publicUrl === 'string') {
        const url = new URL(body.publicUrl);
        if (url.protocol === 'http:' || url.protocol === 'https:') return trimSlash(url.href);
      }
    }
  } catch {
    // No endpoint, or not reachable: the page's origin will do.
  }
  return trimSlash(fallback);
}

/** The join page of a room under a base address. */
export function joinAddress(base: string, code: string): string {
  return `${trimSlash(base)}/play/${code}`;
}

/** An address as printed on screen: no scheme, no trailing slash. */
export function printedAddress(url: string): string {
  return trimSlash(url.replace(/^https?:\/\//, ''));
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');
