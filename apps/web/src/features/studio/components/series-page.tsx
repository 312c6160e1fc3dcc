import { useQuery } from "@tanstack/react-query";
import { can, parseChildIdSegment } from "@wonderkin/contract";
import { CalendarHeart, ImagePlus } from "lucide-react";
import { Link, Navigate, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { withChild } from "@/entities/children/child-paths";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { getGalleryFiltersQueryOptions } from "../api/gallery";
import { usePortraitSeries } from "../api/portrait-series";
import { BackToStudioLink } from "./back-to-studio-link";
import { SeriesCard } from "./series-card";
import { SeriesStartForm } from "./series-start-form";
import { useStudioContext } from "./use-studio-context";

/**
 * The way to this year's photos (decision 0069): a trained model keeps the face it learnt, so a
 * yearly series' new portrait looks like the child now only once the model is updated from new photos.
 */
function ThisYearsPhotosCard({ child }: { child: { id: number; firstName: string } }) {
  const name = child.firstName;
  return (
    <Card padding="sm" aria-labelledby="this-years-photos">
      <CardTitle id="this-years-photos" size="md">
        This year's photos
      </CardTitle>
      <CardDescription>
        Add a few photos of {name} from this year and update {name}'s likeness, so this year's portraits look
        like {name} now.
      </CardDescription>
      <Button asChild variant="secondary" className="mt-4">
        <Link to={withChild(paths.uploadImages, child.id)}>
          <ImagePlus aria-hidden /> Add this year's photos
        </Link>
      </Button>
    </Card>
  );
}

function ThroughTheYears({ childId }: { childId: number }) {
  const context = useStudioContext(childId);
  const { child, familyId } = context;
  const list = usePortraitSeries(familyId, childId);
  // The styles of the child's portraits come first in the form; asked once the family is known.
  const filters = useQuery({
    ...getGalleryFiltersQueryOptions(familyId ?? "", childId),
    enabled: familyId !== null,
  });
  const loading = childrenLoadState(
    { pending: context.isPending || (child !== null && !familyId), children: context.children },
    "Opening the years",
  );
  if (loading) return loading;
  if (!child || !familyId) return <Navigate to={paths.chooseTheme} replace />;
  // Only a trained model is updated; the photos are added by parents who may upload them.
  const mayAddPhotos =
    child.trainingStatus === "completed" &&
    context.role !== null &&
    can(context.role, { resource: "photo", action: "upload" });
  const madeStyleIds = [...(filters.data?.styles ?? [])]
    .sort((a, b) => b.count - a.count)
    .map(({ styleId }) => styleId);

  return (
    <div className="flex flex-col gap-6">
      <BackToStudioLink child={child} />
      <PageHeader
        icon={CalendarHeart}
        title={`${child.firstName} through the years`}
        description={`Make a style a yearly series: once a year we remind you to make it again, and the years of that style stand side by side here, ready to print as one A4 poster.`}
      />
      <Card aria-labelledby="series-list">
        <CardTitle id="series-list">Yearly series</CardTitle>
        <div className="mt-4">
          {list.isError ? (
            <LoadProblem
              error={list.error}
              fallback="We couldn't load the yearly series."
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
            />
          ) : list.data ? (
            list.data.series.length === 0 ? (
              <p className="text-sm text-muted">No yearly series yet. Start the first one below.</p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Yearly series">
                {list.data.series.map((series) => (
                  <SeriesCard
                    key={series.id}
                    series={series}
                    childName={child.firstName}
                    familyId={familyId}
                    canEnd={context.canGenerate}
                    remindersByEmail={list.data.remindersByEmail}
                  />
                ))}
              </ul>
            )
          ) : (
            <LoadingCard label="Loading the yearly series" />
          )}
        </div>
      </Card>
      {mayAddPhotos ? <ThisYearsPhotosCard child={child} /> : null}
      {context.canGenerate && list.data ? (
        <Card aria-labelledby="series-new">
          <CardTitle id="series-new">Start a yearly series</CardTitle>
          <div className="mt-4">
            <SeriesStartForm
              child={child}
              familyId={familyId}
              madeStyleIds={madeStyleIds}
              series={list.data.series}
            />
          </div>
        </Card>
      ) : null}
    </div>
  );
}

/** /kids/children/{childId}/through-the-years: a child's yearly series, side by side (decision 0068). */
export function SeriesPage() {
  const { childId: segment } = useParams();
  const childId = parseChildIdSegment(segment);
  if (childId === null) return <Navigate to={paths.chooseTheme} replace />;
  return <ThroughTheYears key={childId} childId={childId} />;
}

export { SeriesPage as Component };
