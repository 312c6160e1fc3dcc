import { zodResolver } from "@hookform/resolvers/zod";
import {
  assignableRoles,
  commonErrorCodes,
  type FamilyRole,
  type FamilySummary,
  familyErrorCodes,
  familyRoleDescriptions,
  familyRoleLabels,
  familyRoleSchema,
  fieldIssueSchema,
} from "@wonderkin/contract";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { requiredEmailSchema } from "@/lib/form-schemas";
import { toast } from "@/lib/toast";
import { useAddMember } from "../api/manage-members";

const inviteSchema = z.object({ email: requiredEmailSchema, role: familyRoleSchema });

/** The field a VALIDATION_FAILED issue is about ("body.email" → "email"), when it is one of ours. */
function fieldOf(issue: { path: string }): "email" | "role" | null {
  const last = issue.path.split(".").at(-1);
  return last === "email" || last === "role" ? last : null;
}

/** Owners and admins add someone by e-mail: an existing account joins at once, anyone else is invited. */
export function InviteMemberCard({ family, role }: { family: FamilySummary; role: FamilyRole }) {
  const roles = assignableRoles(role);
  const add = useAddMember(family.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "", role: "member" as FamilyRole },
  });
  const { errors } = form.formState;
  const chosenRole = form.watch("role");

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    add.mutate(values, {
      onSuccess: (result) => {
        form.reset({ email: "", role: values.role });
        toast.success(`Invitation sent to ${result.invitation.email}.`);
      },
      onError: (error) => {
        if (
          error instanceof ApiError &&
          (error.code === familyErrorCodes.alreadyMember || error.code === familyErrorCodes.alreadyInvited)
        ) {
          form.setError("email", { message: error.message }, { shouldFocus: true });
          return;
        }
        if (error instanceof ApiError && error.code === commonErrorCodes.validationFailed) {
          const issues = z.array(fieldIssueSchema).safeParse(error.details);
          const fieldIssues = issues.success ? issues.data.filter((issue) => fieldOf(issue)) : [];
          for (const issue of fieldIssues) {
            const field = fieldOf(issue);
            if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
          }
          if (fieldIssues.length > 0) return;
        }
        setFailure(errorMessage(error, "We couldn't add them. Please try again."));
      },
    });
  });

  return (
    <Card>
      <CardTitle size="md">Add someone to {family.name}</CardTitle>
      <CardDescription>
        A partner, a grandparent, a carer. We e-mail them an invitation that's valid for a week; they join
        when they accept it, with the account they have or a new one.
      </CardDescription>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <Field label="E-mail" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              inputMode="email"
              placeholder="grandma@example.com"
              {...form.register("email")}
            />
          </Field>
          <Field label="Role" error={errors.role?.message}>
            <Select {...form.register("role")}>
              {roles.map((option) => (
                <option key={option} value={option}>
                  {familyRoleLabels[option]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <p className="-mt-2 text-sm text-muted">
          <span className="font-semibold text-ink">{familyRoleLabels[chosenRole]}:</span>{" "}
          {familyRoleDescriptions[chosenRole]}
        </p>
        <div className="flex justify-end">
          <Button type="submit" pending={add.isPending}>
            {add.isPending ? null : <UserPlus aria-hidden />} Send invitation
          </Button>
        </div>
      </form>
    </Card>
  );
}
