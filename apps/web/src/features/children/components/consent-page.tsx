import { zodResolver } from "@hookform/resolvers/zod";
import { acceptTermsEndpoint } from "@wonderkin/contract";
import { ArrowRight, ShieldCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/error-message";
import { usePublicConfig } from "@/lib/public-config";
import { safeReturnUrl } from "@/lib/safe-return-url";
import { toast } from "@/lib/toast";
import { useAcceptConsent } from "../api/accept-consent";
import { type Agreement, consentAgreement } from "../lib/consent-agreement";
import { withChild } from "../lib/flow-links";
import { ConsentAgreementText } from "./consent-agreement-text";

import { FlowSteps } from "./flow-steps";
import { type ChildFlow, useChildFlow } from "./use-child-flow";

// The contract's own rules and messages for the two confirmations.
const confirmationsSchema = acceptTermsEndpoint.request.shape.confirmations;
// The boxes start unticked, a state the schema exists to refuse.
const unticked = { isParentOrGuardian: false, agreesToProcessing: false } as unknown as z.input<
  typeof confirmationsSchema
>;

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** Where the parent goes once they agreed: back where they came from, else the next step. */
function useNextPath(flow: ChildFlow): string {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  if (returnUrl) return returnUrl;
  if (flow.child) return withChild(paths.uploadImages, flow.child.id);
  return paths.addChildren;
}

function AcceptForm({ agreement, flow, next }: { agreement: Agreement; flow: ChildFlow; next: string }) {
  const navigate = useNavigate();
  const accept = useAcceptConsent(flow.userId);
  const form = useForm({
    resolver: zodResolver(confirmationsSchema),
    defaultValues: unticked,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(() =>
    accept.mutate(undefined, {
      onSuccess: () => {
        toast.success("Thank you. Your consent is recorded.");
        void navigate(next);
      },
    }),
  );

  return (
    <Card>
      <CardTitle size="md">Your agreement</CardTitle>
      <CardDescription>
        Tick both boxes to continue. You can withdraw at any time by deleting.
      </CardDescription>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
        {accept.isError ? (
          <Alert tone="danger">
            {errorMessage(accept.error, "We couldn't record your agreement. Please try again.")}
          </Alert>
        ) : null}
        <CheckboxField
          label={agreement.confirmations.isParentOrGuardian}
          error={errors.isParentOrGuardian?.message}
          {...form.register("isParentOrGuardian")}
        />
        <CheckboxField
          label={agreement.confirmations.agreesToProcessing}
          error={errors.agreesToProcessing?.message}
          {...form.register("agreesToProcessing")}
        />
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button asChild variant="ghost">
            <Link to={paths.chooseTheme}>Not now</Link>
          </Button>
          <Button type="submit" size="lg" pending={accept.isPending}>
            {accept.isPending ? "Recording…" : "I agree, continue"}
            {accept.isPending ? null : <ArrowRight aria-hidden />}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /kids/consent-agreement: the parental consent agreement, accepted before a child or a photo is added. */
export function ConsentPage() {
  const flow = useChildFlow();
  const config = usePublicConfig();
  const next = useNextPath(flow);
  const consent = flow.user.data?.consent;
  const acceptedOn = consent ? dateTimeFormat.format(new Date(consent.acceptedAt)) : null;
  const agreement = config.data ? consentAgreement(config.data) : null;

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <FlowSteps current="consent" />
      <PageHeader
        icon={ShieldCheck}
        title="Parental consent"
        description="Your child's photos are personal. Here is, in plain words, what we do with them and how you stay in control."
      />
      {agreement && !flow.user.isPending ? (
        <>
          {flow.consent === "current" ? (
            <Alert tone="success">You accepted this agreement on {acceptedOn}.</Alert>
          ) : flow.consent === "outdated" ? (
            <Alert tone="warning">
              The agreement has changed since you accepted it on {acceptedOn}. Please read it again and accept
              the new version to go on adding photos.
            </Alert>
          ) : null}
          <Card>
            <ConsentAgreementText agreement={agreement} />
          </Card>
          {flow.consent === "current" ? (
            <div className="flex justify-end">
              <Button asChild size="lg">
                <Link to={next}>
                  Continue <ArrowRight aria-hidden />
                </Link>
              </Button>
            </div>
          ) : (
            <AcceptForm agreement={agreement} flow={flow} next={next} />
          )}
        </>
      ) : config.isError ? (
        <LoadProblem
          error={config.error}
          fallback="We couldn't load the agreement."
          retrying={config.isFetching}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <LoadingCard label="Loading the agreement" />
      )}
    </section>
  );
}

export { ConsentPage as Component };
