import { type Attribution, attributionKeys, parseAttribution } from "@wonderkin/contract/rules";

/** Spec §3: the attribution record is kept locally under this key… */
export const storedAttributionKey = "utm_params";
/** …and the copy last sent with the identify call under this one. */
export const sentAttributionKey = "sent_utm_params";

/** The small part of local storage this feature needs (the app passes readLocal/writeLocal). */
export type KeyValueStorage = {
  read(key: string): string | null;
  write(key: string, value: string): void;
};

/** A stored record, or null when there is none or it is not one (edited by hand, an older shape). */
export function readAttribution(storage: KeyValueStorage, key: string): Attribution | null {
  const text = storage.read(key);
  if (!text) return null;
  try {
    return parseAttribution(JSON.parse(text));
  } catch {
    return null;
  }
}

export function writeAttribution(storage: KeyValueStorage, key: string, record: Attribution): void {
  storage.write(key, JSON.stringify(record));
}

/** True when the record holds any attribution value (UTM, ad-click ids, client id, referrer). */
export function hasAttributionData(record: Attribution | null | undefined): record is Attribution {
  return Boolean(record && attributionKeys.some((key) => record[key]));
}

/** Equal as far as analytics is concerned: the same values, whenever they were gathered. */
export function sameAttribution(a: Attribution, b: Attribution): boolean {
  return attributionKeys.every((key) => (a[key] || undefined) === (b[key] || undefined));
}
