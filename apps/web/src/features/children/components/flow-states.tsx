import { familyRoleLabels } from "@wonderkin/contract";
import { Baby, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";
import { paths } from "@/config/paths";
import type { ChildFlow } from "./use-child-flow";

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
