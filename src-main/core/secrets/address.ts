import { validateBaseUrl } from '../api/settings-checks';

/**
 * The account a service address's token is filed under: the address as the connection keeps it,
 * so `http://h:1/` and `http://h:1` are one account and `http://h:2` is another. Anything that is
 * not a service address (a probe's name) is kept as given.
 */
export function accountOf(address: string): string {
  try {
    return validateBaseUrl(address);
  } catch {
    return address;
  }
}
