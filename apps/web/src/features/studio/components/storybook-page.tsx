import { parseChildIdSegment } from "@wonderkin/contract";
import { BookHeart } from "lucide-react";
import { Navigate, useParams } from "react-router";
import { Card, CardTitle } from "@/components/ui/card";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { useStorybooks } from "../api/storybooks";
import { BackToStudioLink } from "./back-to-studio-link";
import { StorybookList } from "./storybook-list";
import { StorybookMaker } from "./storybook-maker";
import { useStudioContext } from "./use-studio-context";

function Storybooks({ childId }: { childId: number }) {
  const context = useStudioContext(childId);
  const { child, familyId } = context;
  const books = useStorybooks(familyId, childId);
  const loading = childrenLoadState(
    { pending: context.isPending || (child !== null && !familyId), children: context.children },
    "Opening the storybooks",
  );
  if (loading) return loading;
  if (!child || !familyId) return <Navigate to={paths.chooseTheme} replace />;

  return (
    <div className="flex flex-col gap-6">
      <BackToStudioLink child={child} />
      <PageHeader
        icon={BookHeart}
        title={`${child.firstName}'s storybooks`}
        description={`A printed book of ${child.firstName}'s portraits: a cover, a page per portrait with its caption, and a closing page. Print-ready PDF, A4 or square.`}
      />
      <Card aria-labelledby="storybooks-made">
        <CardTitle id="storybooks-made">Your books</CardTitle>
        <div className="mt-4">
          {books.isError ? (
            <LoadProblem
              error={books.error}
              fallback="We couldn't load the storybooks."
              retrying={books.isFetching}
              onRetry={() => void books.refetch()}
            />
          ) : books.data ? (
            <StorybookList books={books.data.storybooks} />
          ) : (
            <LoadingCard label="Loading the storybooks" />
          )}
        </div>
      </Card>
      {context.canGenerate ? (
        <Card aria-labelledby="storybook-new">
          <CardTitle id="storybook-new">Make a storybook</CardTitle>
          <div className="mt-4">
            <StorybookMaker
              familyId={familyId}
              userId={context.userId}
              childId={child.id}
              childName={child.firstName}
              plan={context.plan}
              allowance={books.data?.allowance}
            />
          </div>
        </Card>
      ) : null}
    </div>
  );
}

/** /kids/children/{childId}/storybooks: a child's printable storybooks, and the way to make one. */
export function StorybookPage() {
  const { childId: segment } = useParams();
  const childId = parseChildIdSegment(segment);
  if (childId === null) return <Navigate to={paths.chooseTheme} replace />;
  return <Storybooks key={childId} childId={childId} />;
}

export { StorybookPage as Component };
