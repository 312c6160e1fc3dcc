import type { FamilyRole, FamilySummary } from "@wonderkin/contract";
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
          // The answer the owner just gave, while it is saved; then the saved one.
          checked={share.isPending ? share.variables : data.membersMaySpend}
          disabled={share.isPending}
          onChange={(event) => share.mutate(event.currentTarget.checked)}
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
