import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useSession } from "@/entities/session/get-session";
import { getUserQueryOptions } from "@/entities/session/get-user";
import type { TrackedUser } from "./attribution-tracker";
import { getAttributionTracker } from "./browser-attribution";

/**
 * Spec §4's attribution, on each run: at app start, and again whenever the signed-in parent changes
 * or becomes verified. Renders nothing and never waits: the app does not depend on it.
 */
export function useAttribution(): void {
  const [tracker] = useState(getAttributionTracker);
  const session = useSession();
  const sessionUser = session.data?.user;
  // The user record is read by the route guard; this only watches it. Fetching it here would also
  // fetch it during a social sign-in's handshake, before the account's record exists.
  const record = useQuery({ ...getUserQueryOptions(sessionUser?.id), enabled: false });
  const profile = record.data;

  useEffect(() => tracker.start(), [tracker]);

  const pending = session.isPending;
  const id = sessionUser?.id;
  const sessionVerified = sessionUser?.emailVerified;
  const recordFailed = record.isError && !profile;
  const verified = profile?.emailVerified;
  const firstName = profile?.firstName;
  const lastName = profile?.lastName;
  const email = profile?.email;
  const createdAt = profile?.createdAt;
  // One value per parent and state, so that a re-read record with the same facts is not a new run.
  const user = useMemo((): TrackedUser | undefined => {
    if (pending) return undefined;
    if (!id) return null;
    if (verified !== undefined && email !== undefined && createdAt !== undefined) {
      const profile = { id, firstName: firstName ?? "", lastName: lastName ?? "", email, createdAt };
      return { id, emailVerified: verified, profile };
    }
    // The record is the source of truth for verification; the session stands in if it cannot be read.
    if (recordFailed) return { id, emailVerified: Boolean(sessionVerified) };
    return undefined;
  }, [pending, id, sessionVerified, recordFailed, verified, firstName, lastName, email, createdAt]);

  useEffect(() => {
    if (user !== undefined) void tracker.run(user);
  }, [tracker, user]);
}

/** Mounted once near the app's root. */
export function AttributionRunner(): null {
  useAttribution();
  return null;
}
