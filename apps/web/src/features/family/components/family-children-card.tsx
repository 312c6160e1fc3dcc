import { type Child, can, type FamilyRole, type FamilySummary } from "@wonderkin/contract";
import { ChevronRight, ImagePlus, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { withChild } from "@/entities/children/child-paths";
import { childStage, childStageLabels, describeAge, photoCountText } from "@/entities/children/child-stage";
import { DeleteChildDialog } from "@/entities/children/delete-child-dialog";
import { useChildren } from "@/entities/children/get-children";
import { errorMessage } from "@/lib/error-message";
import { usePublicConfig } from "@/lib/public-config";

function ChildRow({
  child,
  familyId,
  minPhotos,
  canUpload,
  canDelete,
}: {
  child: Child;
  familyId: string;
  minPhotos: number;
  canUpload: boolean;
  canDelete: boolean;
}) {
  const [deleting, setDeleting] = useState(false);
  const stage = childStage(child, minPhotos);
  const { label, tone } = childStageLabels[stage];
  const needsPhotos = stage === "needs-photos" || stage === "failed";
  return (
    // On phones the actions go on a line of their own, with the deletion beside the name.
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-3 py-4 first:pt-0 last:pb-0 sm:flex sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden
          className="grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent-400 to-primary-500 font-bold text-white"
        >
          {child.firstName.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold wrap-anywhere text-ink">
            {child.firstName} <Badge tone={tone}>{label}</Badge>
          </p>
          <p className="text-sm text-muted">
            {describeAge(child.age)} · {child.gender} · {photoCountText(child.photoCount)}
          </p>
        </div>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 pl-13 sm:shrink-0 sm:pl-0">
        {canUpload && stage !== "ready" ? (
          <Button asChild variant={needsPhotos ? "primary" : "secondary"} size="sm">
            <Link to={withChild(paths.uploadImages, child.id)}>
              <ImagePlus aria-hidden /> Photos<span className="sr-only"> of {child.firstName}</span>
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="ghost" size="sm">
          <Link
            to={
              stage === "ready"
                ? paths.magicStudio(child.id)
                : withChild(paths.addChildrenInProgress, child.id)
            }
          >
            {stage === "ready" ? "Studio" : "Progress"}
            <span className="sr-only"> of {child.firstName}</span> <ChevronRight aria-hidden />
          </Link>
        </Button>
      </div>
      {canDelete ? (
        <>
          <Button
            variant="ghost-danger"
            size="sm"
            className="col-start-2 row-start-1 max-sm:px-3 sm:shrink-0"
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden /> <span className="max-sm:sr-only">Delete</span>
            <span className="sr-only"> {child.firstName}</span>
          </Button>
          <DeleteChildDialog familyId={familyId} child={child} open={deleting} onOpenChange={setDeleting} />
        </>
      ) : null}
    </li>
  );
}

/** The family's children, where each one is, and (for owners and admins) the way to add one. */
export function FamilyChildrenCard({ family, role }: { family: FamilySummary; role: FamilyRole }) {
  const children = useChildren(family.id);
  const config = usePublicConfig();
  const canAdd = can(role, { resource: "child", action: "create" });
  const canUpload = can(role, { resource: "photo", action: "upload" });
  const canDelete = can(role, { resource: "child", action: "delete" });
  const minPhotos = config.data?.photos.min;

  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle size="md">Children</CardTitle>
          <CardDescription>
            {canAdd
              ? "The children whose portraits your family makes, and how far each one is."
              : "The children whose portraits your family makes. Owners and admins add them and their photos."}
          </CardDescription>
        </div>
        {canAdd ? (
          <Button asChild variant="secondary" size="sm" className="shrink-0 self-start">
            <Link to={paths.addChildren}>
              <Plus aria-hidden /> Add a child
            </Link>
          </Button>
        ) : null}
      </div>

      {children.isError ? (
        <Alert tone="danger" className="mt-6">
          <p>{errorMessage(children.error, "We couldn't load the children.")}</p>
          <Button
            variant="link"
            className="mt-1"
            pending={children.isFetching}
            onClick={() => void children.refetch()}
          >
            {children.isFetching ? null : <RefreshCw aria-hidden />} Try again
          </Button>
        </Alert>
      ) : children.data && minPhotos !== undefined ? (
        children.data.length > 0 ? (
          <ul aria-label="Children" className="mt-6 flex flex-col divide-y divide-line">
            {children.data.map((child) => (
              <ChildRow
                key={child.id}
                child={child}
                familyId={family.id}
                minPhotos={minPhotos}
                canUpload={canUpload}
                canDelete={canDelete}
              />
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-2xl bg-canvas px-4 py-5 text-center text-muted ring-1 ring-line">
            {canAdd
              ? "No children yet. Add your child to start their portrait studio."
              : "No children yet. An owner or admin of the family adds them."}
          </p>
        )
      ) : (
        <div className="mt-6 grid min-h-20 place-items-center">
          <Spinner label="Loading the children" />
        </div>
      )}
    </Card>
  );
}
