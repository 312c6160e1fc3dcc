import type { FamilyRole, FamilySummary } from "@wonderkin/contract";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { useFamilySpending } from "@/entities/billing/family-spending";
import { formatCredits } from "@/entities/billing/format-credits";
import { errorMessage } from "@/lib/error-message";
import { useShareFamilyCredits } from "../api/share-family-credits";

/** What pays for portraits made in this family, in words, for whoever reads the card. */
function payingWords(spending: NonNullable<ReturnType<typeof useFamilySpending>["data"]>): string {
  if (!spending.familyPlan.active)
    return "The family has no plan yet: each person creates with a plan of their own.";
  if (spending.payer === "family")
    return `Portraits you create here use the family's credits (${formatCredits(spending.credits ?? 0)} left).`;
  if (spending.payer === "you") return "Portraits you create here use your own plan and credits.";
  return "You see every portrait here. To create some, ask the owner to share the family's credits, or choose a plan of your own.";
}

/**
 * Who pays when a family member creates portraits (decision 0050). Everyone sees the family's
 * portraits on its plan; only its owner decides whether the others may spend the plan's credits.
 */
export function FamilyCreditsCard({
  userId,
  family,
  role,
}: {
  userId: string;
  family: FamilySummary;
  role: FamilyRole;
}) {
  const spending = useFamilySpending(userId, family.id);
  const share = useShareFamilyCredits(userId, family.id);
  // The answer the owner just gave, until the server has saved it (or refused). Kept in the card's
  // own state, set in the click itself: the mutation's pending state arrives a tick later, and the
  // box flicked back to its saved value meanwhile (a busy CI run caught it unchecked after a click).
  const [asked, setAsked] = useState<boolean | null>(null);
  const data = spending.data;
  if (!data) return null;
  const mayShare = role === "owner" && data.familyPlan.active;
  return (
    <Card>
      <CardTitle size="md">Creating portraits</CardTitle>
      <CardDescription>{payingWords(data)}</CardDescription>
      {mayShare ? (
        <CheckboxField
          className="mt-5"
          label="Let family members use the family's credits"
          description={`Everyone in ${family.name} sees the portraits either way. With this on, what they create is paid from the ${data.familyPlan.planName ?? "family"} plan's credits.`}
          checked={asked ?? data.membersMaySpend}
          disabled={asked !== null}
          onChange={(event) => {
            const membersMaySpend = event.currentTarget.checked;
            setAsked(membersMaySpend);
            share.mutate(membersMaySpend, { onSettled: () => setAsked(null) });
          }}
        />
      ) : null}
      {share.isError ? (
        <Alert tone="danger" className="mt-3">
          {errorMessage(share.error, "We couldn't save that. Please try again.")}
        </Alert>
      ) : null}
    </Card>
  );
}
