/** Phones: the execute dialogs get shorter editors so the response and buttons stay in reach. */
export const PHONE_QUERY = '(max-width: 36em)';

/**
 * Read during the first render (this app renders only in the browser): a value that flips in an
 * effect would leave autosized editors at their first height.
 */
export const mediaQueryOptions = { getInitialValueInEffect: false };
