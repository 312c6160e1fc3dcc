import { familyRoleLabels } from "@wonderkin/contract";
import { Baby, ShieldCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";
import { Spinner } from "@/components/ui/spinner";
import type { ChildFlow } from "./use-child-flow";

/** The page's frame while the family and its children load. */
export function FlowLoading({ label = "Loading" }: { label?: string }) {
  return (
    <Card className="grid min-h-56 place-items-center" aria-busy="true">
      <Spinner label={label} />
    </Card>
  );
}

/** A list that could not be read, with a way to try again. */
export { LoadProblem } from "@/components/ui/load-problem";

/** A card that says why a page has nothing to do yet, and what to do instead. */
export function NoticeCard({
  icon,
  title,
  children,
  action,
}: {
  icon: typeof Baby;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-start gap-4 sm:flex-row sm:gap-5">
      <IconBadge icon={icon} tone="primary" />
      <div className="min-w-0 flex-1">
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>{children}</CardDescription>
        {action ? <div className="mt-5 flex flex-wrap gap-3">{action}</div> : null}
      </div>
    </Card>
  );
}

/** For a family member whose role does not allow what the page is for. */
export function OwnersAndAdminsOnly({ flow, doing }: { flow: ChildFlow; doing: string }) {
  const role = flow.role ? familyRoleLabels[flow.role].toLowerCase() : "member";
  return (
    <NoticeCard
      icon={ShieldCheck}
      title="Owners and admins do this"
      action={
        <Button asChild variant="secondary">
          <Link to={paths.familySettings}>
            <Users aria-hidden /> See who's in {flow.familyName}
          </Link>
        </Button>
      }
    >
      In {flow.familyName} you're a {role}: you see the children and their portraits, and you can make
      portraits. Only the family's owners and admins {doing}, because they are the ones who agreed to how the
      children's photos are used. Ask one of them, or ask them to make you an admin.
    </NoticeCard>
  );
}

/** A flow page about a child, in a family that has none yet. */
export function NoChildYet({ flow }: { flow: ChildFlow }) {
  if (!flow.canAddChild) {
    return (
      <NoticeCard icon={Baby} title="No child in this family yet">
        Once an owner or admin of {flow.familyName} adds a child, you'll see their photos and progress here.
      </NoticeCard>
    );
  }
  return (
    <NoticeCard
      icon={Baby}
      title="Add your child first"
      action={
        <Button asChild>
          <Link to={paths.addChildren}>Add your child</Link>
        </Button>
      }
    >
      Tell us your child's first name and age, then upload their photos here.
    </NoticeCard>
  );
}
