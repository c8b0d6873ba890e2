// What the user types in Settings, checked before anything is sent: the service address (https,
// or http on this computer only; never the app's /_backend proxy) and the token's form.
import { ServiceError } from './errors';

// ---------------------------------------------------------------------------------------
// Settings validation

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return v4 !== null && v4[1] === '127' && v4.slice(1).every((part) => Number(part) <= 255);
}

/** Checks the service address and returns it normalized (no trailing slash). */
export function validateBaseUrl(input: string): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') throw new ServiceError('invalid_settings', 'Enter the service address.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServiceError(
      'invalid_settings',
      'The service address is not a valid URL (for example https://cps.example.com).',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServiceError('invalid_settings', 'The service address must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServiceError(
      'invalid_settings',
      'The service address must use https:// (plain http is allowed only for this computer: localhost, 127.0.0.1 or ::1).',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ServiceError(
      'invalid_settings',
      'The service address must not contain a user name or password; the token is entered separately.',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ServiceError(
      'invalid_settings',
      'The service address must not contain a query (?) or fragment (#).',
    );
  }
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.toLowerCase() === '_backend')) {
    throw new ServiceError(
      'invalid_settings',
      "This is the app's /_backend proxy address, which is only for the service's own web app. Use the API address instead.",
    );
  }
  const path = segments.length > 0 ? `/${segments.join('/')}` : '';
  return `${url.protocol}//${url.host}${path}`;
}

/**
 * A checked address without a last `/api` (null: it has none). Every path of the API starts with
 * /api/ already, so one typed with it doubles it; yet an address may have a path of its own, so
 * this is only tried once the address as typed has nothing there.
 */
export function withoutApiSuffix(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  if (!/\/api$/i.test(url.pathname)) return null;
  return `${url.protocol}//${url.host}${url.pathname.slice(0, -'/api'.length)}`;
}

const TOKEN_FORM = /^[A-Za-z0-9][A-Za-z0-9-]*_pat_[\x21-\x7e]+$/;

/** Checks the token's form (`<service>_pat_<secret>`) and returns it trimmed; never echoes it. */
export function validateToken(token: string): string {
  const text = typeof token === 'string' ? token.trim() : '';
  if (text === '') throw new ServiceError('invalid_settings', 'Enter an access token.');
  if (!TOKEN_FORM.test(text)) {
    throw new ServiceError(
      'invalid_settings',
      'This does not look like a personal access token: it should have the form <service>_pat_<secret>, as created in the app, with no spaces.',
    );
  }
  return text;
}
