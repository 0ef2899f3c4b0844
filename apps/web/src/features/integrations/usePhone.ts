import { useMediaQuery } from '@mantine/hooks';

/** Phones: the execute dialogs get shorter editors so the response and buttons stay in reach. */
const PHONE_QUERY = '(max-width: 36em)';

/**
 * Read during the first render (this app renders only in the browser): a value that flips in an
 * effect would leave autosized editors at their first height.
 */
const mediaQueryOptions = { getInitialValueInEffect: false };

/** Whether the screen is phone-sized ({@link PHONE_QUERY}). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, mediaQueryOptions);
}
