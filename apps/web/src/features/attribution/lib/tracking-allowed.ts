export type PrivacySignals = { doNotTrack?: string | null; globalPrivacyControl?: boolean };

/** Do-Not-Track or Global Privacy Control: such a browser is not tracked at all (nothing stored or sent). */
export function trackingAllowed(signals: PrivacySignals): boolean {
  return signals.doNotTrack !== "1" && signals.globalPrivacyControl !== true;
}
