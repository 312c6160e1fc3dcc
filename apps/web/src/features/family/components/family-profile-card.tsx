import { zodResolver } from "@hookform/resolvers/zod";
import { can, type FamilyRole, type FamilySummary, familyNameSchema } from "@wonderkin/contract";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PictureBusy, PictureUploadButtons, usePictureUpload } from "@/components/forms/picture-upload";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useUpdateFamily } from "../api/update-family";
import { roleWithArticle } from "../lib/role-words";
import { FamilyPicture } from "./family-picture";

const renameSchema = z.object({ name: familyNameSchema });

function RenameForm({ family }: { family: FamilySummary }) {
  const update = useUpdateFamily(family.id);
  const form = useForm({ resolver: zodResolver(renameSchema), defaultValues: { name: family.name } });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(({ name }) =>
    update.mutate(
      { name },
      {
        onSuccess: (saved) => {
          form.reset({ name: saved.name });
          toast.success(`Your family is now called ${saved.name}.`);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      {update.isError ? (
        <Alert tone="danger">
          {errorMessage(update.error, "We couldn't rename your family. Please try again.")}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Family name" error={errors.name?.message} className="flex-1">
          <Input autoComplete="off" {...form.register("name")} />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          pending={update.isPending}
          disabled={!isDirty}
          className="sm:mt-7"
        >
          Save name
        </Button>
      </div>
    </form>
  );
}

/** The family picture's control: the same as a parent's own picture (components/forms/picture-upload). */
function useFamilyPicture(family: FamilySummary) {
  const update = useUpdateFamily(family.id);
  return usePictureUpload({
    upload: (picture) => update.mutateAsync({ picture }),
    remove: () => update.mutateAsync({ picture: null }),
    savedMessage: "Your family picture is saved.",
    removedMessage: "The family picture is removed.",
  });
}

/** The family's picture, name and your role in it; owners and admins may rename it and change the picture. */
export function FamilyProfileCard({ family, role }: { family: FamilySummary; role: FamilyRole }) {
  const canEdit = can(role, { resource: "organization", action: "update" });
  const picture = useFamilyPicture(family);
  const memberCount = family.memberCount === 1 ? "1 member" : `${family.memberCount} members`;

  return (
    <Card>
      <div className="flex items-center gap-5">
        <PictureBusy picture={picture} className="rounded-2xl">
          <FamilyPicture family={family} size="lg" ring="thick" />
        </PictureBusy>
        <div className="min-w-0">
          <CardTitle className="wrap-anywhere">{family.name}</CardTitle>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <Badge tone="primary">You're {roleWithArticle(role)}</Badge>
            <span className="text-sm text-muted">{memberCount}</span>
          </div>
        </div>
      </div>

      {canEdit ? (
        <div className="mt-6 flex flex-col gap-6 border-t border-line pt-6">
          <PictureUploadButtons
            picture={picture}
            label="Family picture"
            hasPicture={Boolean(family.pictureUrl)}
          />
          <RenameForm key={family.id} family={family} />
        </div>
      ) : null}
    </Card>
  );
}
