import { zodResolver } from "@hookform/resolvers/zod";
import { can, type FamilyRole, type FamilySummary, familyNameSchema } from "@wonderkin/contract";
import { ImageUp, Loader2, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useUpdateFamily } from "../api/update-family";
import { acceptedPictureTypes, pictureFileProblem, readFileAsDataUrl } from "../lib/picture-file";
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

/** Choosing, checking, reading and sending a new picture, and removing the current one. */
function useFamilyPicture(family: FamilySummary) {
  const upload = useUpdateFamily(family.id);
  const remove = useUpdateFamily(family.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const clear = () => {
    setProblem(null);
    upload.reset();
    remove.reset();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    clear();
    const refused = pictureFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setReading(true);
    let picture: string;
    try {
      picture = await readFileAsDataUrl(file);
    } catch {
      setProblem("We couldn't read that file. Choose another picture.");
      return;
    } finally {
      setReading(false);
    }
    upload.mutate({ picture }, { onSuccess: () => toast.success("Your family picture is saved.") });
  };

  const removePicture = () => {
    clear();
    remove.mutate({ picture: null }, { onSuccess: () => toast.success("The family picture is removed.") });
  };

  const failure =
    problem ??
    (upload.isError ? errorMessage(upload.error, "We couldn't save the picture. Please try again.") : null) ??
    (remove.isError ? errorMessage(remove.error, "We couldn't remove the picture. Please try again.") : null);

  return {
    choose,
    removePicture,
    uploading: reading || upload.isPending,
    removing: remove.isPending,
    failure,
  };
}

/** The family's picture, name and your role in it; owners and admins may rename it and change the picture. */
export function FamilyProfileCard({ family, role }: { family: FamilySummary; role: FamilyRole }) {
  const canEdit = can(role, { resource: "organization", action: "update" });
  const picture = useFamilyPicture(family);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = picture.uploading || picture.removing;
  const memberCount = family.memberCount === 1 ? "1 member" : `${family.memberCount} members`;

  return (
    <Card>
      <div className="flex items-center gap-5">
        <div className="relative" aria-busy={busy || undefined}>
          <FamilyPicture family={family} size="lg" ring="thick" />
          {busy ? (
            <span className="absolute inset-0 grid place-items-center rounded-2xl bg-night-950/55 text-white">
              <Loader2 className="size-7 animate-spin" aria-hidden />
              <span className="sr-only" role="status">
                {picture.uploading ? "Uploading the picture" : "Removing the picture"}
              </span>
            </span>
          ) : null}
        </div>
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
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <input
                ref={inputRef}
                type="file"
                accept={acceptedPictureTypes.join(",")}
                aria-label="Family picture"
                className="hidden"
                onChange={(event) => {
                  void picture.choose(event.target.files?.[0]);
                  // Choosing the same file again must still count as a change.
                  event.target.value = "";
                }}
              />
              <Button
                variant="secondary"
                size="sm"
                pending={picture.uploading}
                disabled={picture.removing}
                onClick={() => inputRef.current?.click()}
              >
                {picture.uploading ? null : <ImageUp aria-hidden />}
                {picture.uploading ? "Uploading…" : family.pictureUrl ? "Change picture" : "Upload picture"}
              </Button>
              {family.pictureUrl ? (
                <Button
                  variant="ghost"
                  size="sm"
                  pending={picture.removing}
                  disabled={picture.uploading}
                  onClick={picture.removePicture}
                >
                  {picture.removing ? null : <Trash2 aria-hidden />} Remove picture
                </Button>
              ) : null}
            </div>
            {picture.failure ? (
              <Alert tone="danger">{picture.failure}</Alert>
            ) : (
              <p className="text-sm text-muted">JPEG, PNG or WebP, at most 5 MB. We crop it to a square.</p>
            )}
          </div>
          <RenameForm key={family.id} family={family} />
        </div>
      ) : null}
    </Card>
  );
}
