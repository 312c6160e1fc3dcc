import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { useEmailPreferences, useUpdateEmailPreferences } from "../api/email-preferences";

/** The card's anchor: the unsubscribe page sends parents here (`/account/settings#email-preferences`). */
export const emailPreferencesSectionId = "email-preferences";

/**
 * The e-mails the product sends of its own accord, which a parent may turn off (decision 0068). The
 * ones they asked for or need are named in the description, so nobody looks for a switch for them.
 */
export function EmailPreferencesCard({ userId }: { userId: string }) {
  const preferences = useEmailPreferences(userId);
  const update = useUpdateEmailPreferences(userId);
  // The answer just given, until the server has saved it (or refused): set in the click itself,
  // so the box never flicks back to the saved value while the mutation starts.
  const [asked, setAsked] = useState<boolean | null>(null);

  return (
    <Card id={emailPreferencesSectionId} className="scroll-mt-24">
      <CardTitle size="md">E-mails</CardTitle>
      {preferences.data ? (
        <CheckboxField
          className="mt-5"
          label="Yearly portrait reminders"
          description="Once a year, on the day you chose for a yearly series, we remind you to make that year's portrait. Sign-in links, receipts and deletion receipts always come."
          checked={asked ?? preferences.data.seriesReminders}
          disabled={asked !== null}
          onChange={(event) => {
            const seriesReminders = event.currentTarget.checked;
            setAsked(seriesReminders);
            update.mutate({ seriesReminders }, { onSettled: () => setAsked(null) });
          }}
        />
      ) : preferences.isError ? (
        <Alert tone="danger" className="mt-5">
          <p>{errorMessage(preferences.error, "We couldn't load your e-mail settings.")}</p>
          <Button variant="link" className="mt-1" onClick={() => void preferences.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </Alert>
      ) : (
        <div className="mt-5 grid min-h-16 place-items-center">
          <Spinner label="Loading your e-mail settings" />
        </div>
      )}
      {update.isError ? (
        <Alert tone="danger" className="mt-3">
          {errorMessage(update.error, "We couldn't save that. Please try again.")}
        </Alert>
      ) : null}
    </Card>
  );
}
