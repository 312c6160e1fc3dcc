import { zodResolver } from "@hookform/resolvers/zod";
import { personNameSchema, type UserRecord } from "@wonderkin/contract";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PictureBusy, PictureUploadButtons, usePictureUpload } from "@/components/forms/picture-upload";
import { Alert } from "@/components/ui/alert";
import { Avatar, isDisplayableImageUrl } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useRemoveProfilePicture, useUploadProfilePicture } from "../api/profile-picture";
import { useUpdateUser } from "../api/update-user";

const profileFormSchema = z.object({
  firstName: personNameSchema,
  lastName: z.string().trim().max(60, "Use at most 60 characters."),
});

/** The parent's own picture is an upload, like the family picture (decision 0059). */
function useProfilePicture(user: UserRecord) {
  const upload = useUploadProfilePicture(user.betterAuthUid);
  const remove = useRemoveProfilePicture(user.betterAuthUid);
  return usePictureUpload({
    upload: (picture) => upload.mutateAsync(picture),
    remove: () => remove.mutateAsync(),
    savedMessage: "Your picture is saved.",
    removedMessage: "Your picture is removed.",
  });
}

/** Account settings' first card: the parent's picture and name, as their families see them. */
export function ProfileCard({ user }: { user: UserRecord }) {
  const update = useUpdateUser(user.betterAuthUid);
  const picture = useProfilePicture(user);
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const { errors, isDirty } = form.formState;
  const [firstName, lastName] = form.watch(["firstName", "lastName"]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { firstName: values.firstName, lastName: values.lastName },
      {
        onSuccess: (saved) => {
          form.reset({ firstName: saved.firstName, lastName: saved.lastName });
          toast.success("Your profile is saved.");
        },
      },
    ),
  );

  const previewName = `${firstName} ${lastName}`.trim() || user.email;
  // An address a social profile gave at sign-up is kept, but the page may not load pictures from
  // other sites (Avatar shows initials): say so, rather than leave the parent wondering.
  const elsewhere = user.avatarUrl !== null && !isDisplayableImageUrl(user.avatarUrl);
  return (
    <Card>
      <div className="flex items-center gap-4">
        <PictureBusy picture={picture} className="rounded-full">
          <Avatar name={previewName} src={user.avatarUrl} size="lg" />
        </PictureBusy>
        <div className="min-w-0">
          <CardTitle size="md">Your profile</CardTitle>
          <CardDescription>How you appear in your family's studio.</CardDescription>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-2">
        <PictureUploadButtons
          picture={picture}
          label="Your picture"
          hasPicture={user.avatarUrl !== null}
          words={{ upload: "Upload a picture", change: "Change picture", remove: "Remove picture" }}
        />
        {elsewhere ? (
          <p className="text-sm text-muted">
            Your picture from another site is shown as your initials here. Upload one to show it.
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5 border-t border-line pt-6">
        {update.isError ? (
          <Alert tone="danger">
            {errorMessage(update.error, "We couldn't save your profile. Please try again.")}
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register("firstName")} />
          </Field>
          <Field label="Last name" optional error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register("lastName")} />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" pending={update.isPending} disabled={!isDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
