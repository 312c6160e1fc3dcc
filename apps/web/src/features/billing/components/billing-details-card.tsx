import { zodResolver } from "@hookform/resolvers/zod";
import type { BillingDetails } from "@wonderkin/contract";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadProblem } from "@/components/ui/load-problem";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useBillingDetails, useSaveBillingDetails } from "../api/billing-details";
import {
  type BillingDetailsFormInput,
  type BillingDetailsFormValues,
  billingDetailsFormSchema,
  emptyBillingDetails,
} from "../lib/billing-details-form";

function DetailsForm({ saved, userId }: { saved: BillingDetails | null; userId: string }) {
  const save = useSaveBillingDetails(userId);
  const form = useForm<BillingDetailsFormInput, unknown, BillingDetailsFormValues>({
    resolver: zodResolver(billingDetailsFormSchema),
    defaultValues: saved ?? emptyBillingDetails,
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (stored) => {
        form.reset(stored ?? values);
        toast.success("Your billing details are saved.");
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
      {save.isError ? (
        <Alert tone="danger">
          {errorMessage(save.error, "We couldn't save your billing details. Please try again.")}
        </Alert>
      ) : null}
      <Field label="Name on invoices" hint="Your name, or your company's." error={errors.name?.message}>
        <Input autoComplete="billing name" {...form.register("name")} />
      </Field>
      <Field label="Address" optional error={errors.addressLine?.message}>
        <Input autoComplete="billing street-address" {...form.register("addressLine")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <Field label="City" optional error={errors.city?.message}>
          <Input autoComplete="billing address-level2" {...form.register("city")} />
        </Field>
        <Field label="Postal code" optional error={errors.postalCode?.message}>
          <Input autoComplete="billing postal-code" {...form.register("postalCode")} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Field label="Country" optional hint="Two letters, like US" error={errors.country?.message}>
          <Input
            autoComplete="billing country"
            maxLength={2}
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase"
            {...form.register("country")}
          />
        </Field>
        <Field label="VAT or tax number" optional error={errors.taxId?.message}>
          <Input autoComplete="off" spellCheck={false} {...form.register("taxId")} />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={save.isPending} disabled={!isDirty}>
          Save billing details
        </Button>
      </div>
    </form>
  );
}

/** The name and address on invoices and receipts (also given to the payment provider). */
export function BillingDetailsCard({ userId }: { userId: string }) {
  const details = useBillingDetails(userId);
  return (
    <Card>
      <CardTitle size="md">Billing details</CardTitle>
      <CardDescription>Printed on your invoices and receipts.</CardDescription>
      {details.isSuccess ? (
        <DetailsForm saved={details.data} userId={userId} />
      ) : details.isError ? (
        <LoadProblem
          className="mt-5"
          error={details.error}
          fallback="We couldn't load your billing details."
          retrying={details.isFetching}
          onRetry={() => void details.refetch()}
        />
      ) : (
        <div className="grid min-h-40 place-items-center">
          <Spinner label="Loading your billing details" />
        </div>
      )}
    </Card>
  );
}
