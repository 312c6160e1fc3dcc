import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import {
  addChildRequestSchema,
  CHILD_MAX_AGE,
  type ChildGender,
  childErrorCodes,
  childGenders,
  fieldIssueSchema,
  plans,
} from "@wonderkin/contract";
import { ArrowRight, Baby, Cake, CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { coveringRadioClass, SegmentedControl } from "@/components/ui/segmented-control";
import { Select } from "@/components/ui/select";
import { paths } from "@/config/paths";
import { describeAge } from "@/entities/children/child-stage";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { childrenQueryKey } from "@/entities/children/get-children";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useAddChild } from "../api/add-child";
import { childLimitQueryKey, useChildLimit } from "../api/child-limit";
import { ageFromBirthDate, birthDateBounds } from "../lib/child-age";
import { childLimitReached } from "../lib/child-limit";
import { consentPath, withChild } from "../lib/flow-links";
import { ChildLimitNotice } from "./child-limit-notice";
import { OwnersAndAdminsOnly } from "./flow-states";
import { FlowSteps } from "./flow-steps";
import { type ChildFlow, useChildFlow } from "./use-child-flow";
import { useConsentGate } from "./use-consent-gate";

const ageOptions = Array.from({ length: CHILD_MAX_AGE + 1 }, (_, age) => age);
const genderLabels: Record<ChildGender, string> = { boy: "Boy", girl: "Girl" };

const isGender = (value: string): value is ChildGender => (childGenders as readonly string[]).includes(value);

// Every field is checked in one pass, so a parent sees all that is missing at once (an object
// schema stops before its refinements when a field fails).
const formSchema = z
  .object({
    firstName: z.string(),
    ageMode: z.enum(["age", "birthDate"]),
    age: z.string(),
    birthDate: z.string(),
    gender: z.string(),
  })
  .superRefine((values, context) => {
    const name = addChildRequestSchema.shape.firstName.safeParse(values.firstName);
    if (!name.success) {
      context.addIssue({ code: "custom", path: ["firstName"], message: name.error.issues[0]?.message ?? "" });
    }
    if (!isGender(values.gender)) {
      context.addIssue({ code: "custom", path: ["gender"], message: "Choose boy or girl." });
    }
    if (values.ageMode === "age") {
      if (values.age === "")
        context.addIssue({ code: "custom", path: ["age"], message: "Choose your child's age." });
      return;
    }
    if (values.birthDate === "") {
      context.addIssue({ code: "custom", path: ["birthDate"], message: "Enter your child's birth date." });
      return;
    }
    const age = ageFromBirthDate(values.birthDate);
    if (age === null) {
      context.addIssue({
        code: "custom",
        path: ["birthDate"],
        message: "Enter a real date, like 2019-05-24.",
      });
    } else if (age < 0 || values.birthDate > birthDateBounds().max) {
      context.addIssue({ code: "custom", path: ["birthDate"], message: "That date is still to come." });
    } else if (age > CHILD_MAX_AGE) {
      context.addIssue({
        code: "custom",
        path: ["birthDate"],
        message: `Portraits are for children from birth to ${CHILD_MAX_AGE}.`,
      });
    }
  });

type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;
const formFields = ["firstName", "age", "birthDate", "gender"] as const;

function toRequest(values: FormValues) {
  return {
    firstName: values.firstName.trim(),
    // Checked by the schema above.
    gender: values.gender as ChildGender,
    ...(values.ageMode === "age" ? { age: Number(values.age) } : { birthDate: values.birthDate }),
  };
}

function AddChildForm({ flow, familyId }: { flow: ChildFlow; familyId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useAddChild(familyId);
  const sendToConsent = useConsentGate();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { firstName: "", ageMode: "age", age: "", birthDate: "", gender: "" },
  });
  const { errors } = form.formState;
  const [firstName, ageMode, birthDate] = form.watch(["firstName", "ageMode", "birthDate"]);
  const name = firstName.trim() || "your child";
  const bounds = birthDateBounds();
  const ageFromDate = birthDate ? ageFromBirthDate(birthDate) : null;

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(toRequest(values), {
      onSuccess: (child) => {
        toast.success(`${child.firstName} is in ${flow.familyName}.`);
        void navigate(withChild(paths.uploadTips, child.id));
      },
      onError: (error) => {
        if (sendToConsent(error)) return;
        // Another tab added a child meanwhile: read the family again, and the page offers the way to more.
        if (error instanceof ApiError && error.code === childErrorCodes.childLimitReached) {
          void queryClient.invalidateQueries({ queryKey: childLimitQueryKey(familyId) });
          void queryClient.invalidateQueries({ queryKey: childrenQueryKey(familyId) });
        }
        // The server's field messages go next to their fields.
        if (error instanceof ApiError && error.code === "VALIDATION_FAILED") {
          const issues = z.array(fieldIssueSchema).safeParse(error.details);
          for (const issue of issues.success ? issues.data : []) {
            const field = formFields.find((candidate) => issue.path.startsWith(candidate));
            if (field) form.setError(field, { message: issue.message });
          }
        }
      },
    }),
  );

  const limitReached = add.error instanceof ApiError && add.error.code === childErrorCodes.childLimitReached;
  const firstChild = flow.children.data?.[0];

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-7">
        {add.isError && !(add.error instanceof ApiError && add.error.code === "VALIDATION_FAILED") ? (
          <Alert tone="danger">
            <p>{errorMessage(add.error, "We couldn't add your child. Please try again.")}</p>
            {limitReached && firstChild ? (
              <Link
                to={withChild(paths.uploadImages, firstChild.id)}
                className="mt-1 inline-block font-semibold underline underline-offset-4"
              >
                Go on with {firstChild.firstName}'s photos
              </Link>
            ) : null}
          </Alert>
        ) : null}

        <Field
          label="Your child's first name"
          hint="Only your family sees it. It helps you find their portraits."
          error={errors.firstName?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="words"
            spellCheck={false}
            {...form.register("firstName")}
          />
        </Field>

        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-semibold text-ink">How old is {name}?</p>
            <SegmentedControl
              legend="Give the age or the birth date"
              name="ageMode"
              value={ageMode}
              options={[
                { value: "age", label: "Age", icon: Cake },
                { value: "birthDate", label: "Birth date", icon: CalendarDays },
              ]}
              onChange={(mode) => {
                form.setValue("ageMode", mode);
                form.clearErrors(["age", "birthDate"]);
              }}
            />
          </div>
          {ageMode === "age" ? (
            <Field
              label="Age in years"
              hint="In whole years. We add a year every year, so you needn't update it."
              error={errors.age?.message}
            >
              <Select {...form.register("age")}>
                <option value="" disabled>
                  Choose an age
                </option>
                {ageOptions.map((age) => (
                  <option key={age} value={age}>
                    {age === 0 ? "Under 1" : age === 1 ? "1 year" : `${age} years`}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <Field
              label="Date of birth"
              hint={
                ageFromDate !== null && ageFromDate >= 0 && ageFromDate <= CHILD_MAX_AGE
                  ? `That's ${describeAge(ageFromDate).toLowerCase()} today.`
                  : "We work out the age from it, and it stays right as they grow."
              }
              error={errors.birthDate?.message}
            >
              <Input type="date" min={bounds.min} max={bounds.max} {...form.register("birthDate")} />
            </Field>
          )}
        </div>

        <fieldset aria-describedby="gender-hint">
          <legend className="text-sm font-semibold text-ink">Boy or girl?</legend>
          <p id="gender-hint" className="mt-1 text-sm text-muted">
            Each portrait style is written for a boy or a girl.
          </p>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {childGenders.map((gender) => (
              <label
                key={gender}
                className={cn(
                  "relative flex h-14 items-center justify-center gap-2 rounded-2xl bg-surface font-semibold text-ink ring-1 transition-colors hover:bg-primary-50",
                  "has-checked:bg-primary-50 has-checked:ring-2 has-checked:ring-primary-500",
                  errors.gender ? "ring-danger-600" : "ring-line",
                )}
              >
                <input
                  type="radio"
                  value={gender}
                  className={coveringRadioClass}
                  {...form.register("gender")}
                />
                {genderLabels[gender]}
              </label>
            ))}
          </div>
          {errors.gender ? (
            <p role="alert" className="mt-1.5 text-sm font-medium text-danger-600">
              {errors.gender.message}
            </p>
          ) : null}
        </fieldset>

        <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Next: a few tips, then {name === "your child" ? "their" : `${name}'s`} photos.
          </p>
          <Button type="submit" size="lg" pending={add.isPending}>
            {add.isPending ? "Adding…" : `Add ${firstName.trim() || "child"}`}
            {add.isPending ? null : <ArrowRight aria-hidden />}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /kids/add-children: the child's first name, age (or birth date) and gender. */
export function AddChildPage() {
  const flow = useChildFlow();

  let body: ReactNode = childrenLoadState(
    { pending: flow.isPending, children: flow.children },
    "Loading your family",
  );
  if (body) {
    // Still loading, or the children could not be read.
  } else if (!flow.canAddChild || !flow.familyId)
    body = <OwnersAndAdminsOnly flow={flow} doing="add children" />;
  // Consent comes first (spec order: consent → add-children); the page brings the parent back.
  else if (flow.consent !== "current") return <Navigate to={consentPath(paths.addChildren)} replace />;
  else body = <AddChildBody flow={flow} familyId={flow.familyId} />;

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <FlowSteps current="child" />
      <PageHeader
        icon={Baby}
        title="Add your child"
        description="Their first name, age and whether they're a boy or a girl: that's all the portraits need."
      />
      {body}
    </section>
  );
}

/** The form, or, when the family already has all the children its plan allows, where to go instead. */
function AddChildBody({ flow, familyId }: { flow: ChildFlow; familyId: string }) {
  const limit = useChildLimit(familyId);
  // Back from buying an Extra child (decision 0051); a checkout left unpaid comes back without it.
  const [params] = useSearchParams();
  const justBought = params.get("addOn") === "success";
  const existing = flow.children.data ?? [];
  // Unknown limit (it could not be read): the form stays, and the server still says no if it must.
  if (limit.isPending) return <LoadingCard label="Loading your plan" />;
  const reached = limit.data
    ? childLimitReached({ limit: limit.data, childCount: existing.length, plans })
    : null;
  if (reached)
    return <ChildLimitNotice limit={reached} familyChildren={existing} familyName={flow.familyName} />;
  return (
    <>
      {justBought ? (
        <Alert tone="success">
          <p>
            <strong>Thank you! Your family has room for one more child.</strong> Tell us about them below.
          </p>
        </Alert>
      ) : null}
      {existing.length > 0 ? (
        <Alert tone="info">
          <p>
            {existing.map((child) => child.firstName).join(", ")} {existing.length === 1 ? "is" : "are"}{" "}
            already in {flow.familyName}.{" "}
            <Link
              to={withChild(paths.addChildrenInProgress, existing[0]?.id)}
              className="font-semibold underline underline-offset-4"
            >
              See how {existing.length === 1 ? existing[0]?.firstName : "they"}{" "}
              {existing.length === 1 ? "is" : "are"} getting on
            </Link>
          </p>
        </Alert>
      ) : null}
      <AddChildForm flow={flow} familyId={familyId} />
    </>
  );
}

export { AddChildPage as Component };
