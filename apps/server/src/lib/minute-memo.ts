/**
 * Values that stay the same for a minute, remembered for that minute: signed media addresses, whose
 * expiry (or signing time) is rounded to the minute so that an address comes out the same on every
 * gallery poll within it. One minute is kept at a time (the first value asked for a newer minute
 * clears the rest), and the size is capped so a minute with very many distinct files cannot grow it
 * without bound.
 */
export type MinuteMemo<T> = {
  /** The value remembered for `key` in `minute`, else `make()`'s, remembered. */
  get(minute: number, key: string, make: () => T): T;
  /** Forgets one value (e.g. a promise that was rejected). */
  forget(minute: number, key: string): void;
};

export function createMinuteMemo<T>(maxEntries = 20_000): MinuteMemo<T> {
  let currentMinute = Number.NaN;
  const values = new Map<string, T>();
  return {
    get(minute, key, make) {
      if (minute !== currentMinute || values.size >= maxEntries) {
        values.clear();
        currentMinute = minute;
      }
      let value = values.get(key);
      if (value === undefined) {
        value = make();
        values.set(key, value);
      }
      return value;
    },
    forget(minute, key) {
      if (minute === currentMinute) values.delete(key);
    },
  };
}
