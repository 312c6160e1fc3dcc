import { can } from "@wonderkin/contract";
import { RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentFamily } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { errorMessage } from "@/lib/error-message";
import { useFamilyMembers } from "../api/get-family-members";
import { FamilyChildrenCard } from "./family-children-card";
import { FamilyCreditsCard } from "./family-credits-card";
import { FamilyDangerZone } from "./family-danger-zone";
import { FamilyMembersCard } from "./family-members-card";
import { FamilyProfileCard } from "./family-profile-card";
import { FamilyRolesCard } from "./family-roles-card";
import { InvitationsForYouCard } from "./invitations-for-you-card";
import { InviteMemberCard } from "./invite-member-card";
import { PendingInvitationsCard } from "./pending-invitations-card";

function LoadingFamily() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Card className="flex items-center gap-5">
        <span className="size-20 shrink-0 animate-pulse rounded-2xl bg-primary-100 sm:size-24" />
        <span className="flex flex-1 flex-col gap-3">
          <span className="h-7 w-2/3 max-w-72 animate-pulse rounded-full bg-primary-100" />
          <span className="h-5 w-32 animate-pulse rounded-full bg-primary-50" />
        </span>
      </Card>
      <Card className="grid min-h-48 place-items-center">
        <Spinner label="Loading your family" />
      </Card>
    </div>
  );
}

/**
 * `?family=<id>` (the link in the "you were added to a family" e-mail) opens that family, when it is
 * one of the parent's; the parameter is then dropped from the address.
 */
function useFamilyFromLink(current: ReturnType<typeof useCurrentFamily>) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get("family");
  const { families, isPending, currentId, switchFamily } = current;
  useEffect(() => {
    if (!wanted || isPending) return;
    if (wanted !== currentId && families.some((family) => family.id === wanted)) void switchFamily(wanted);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("family");
        return next;
      },
      { replace: true },
    );
  }, [wanted, isPending, currentId, families, switchFamily, setParams]);
}

/** /account/family: the current family, its members and invitations, and what each role may do. */
export function FamilyPage() {
  const session = useSession();
  const userId = session.data?.user.id;
  const user = useUser(userId);
  const current = useCurrentFamily();
  useFamilyFromLink(current);
  const members = useFamilyMembers(current.currentId);
  const emailVerified = user.data?.emailVerified ?? session.data?.user.emailVerified ?? false;
  const familyCount = current.families.length;

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Your family"
        description={
          familyCount > 1
            ? `You belong to ${familyCount} families. Switch between them from the bar at the top.`
            : "Everyone in your family sees the children and their portraits."
        }
      />
      {userId ? <InvitationsForYouCard userId={userId} emailVerified={emailVerified} /> : null}

      {members.data ? (
        <>
          <FamilyProfileCard family={members.data.family} role={members.data.you.role} />
          <FamilyChildrenCard family={members.data.family} role={members.data.you.role} />
          {userId ? (
            <FamilyCreditsCard userId={userId} family={members.data.family} role={members.data.you.role} />
          ) : null}
          <FamilyMembersCard
            family={members.data.family}
            members={members.data.members}
            you={members.data.you}
          />
          {can(members.data.you.role, { resource: "member", action: "create" }) ? (
            <InviteMemberCard
              key={members.data.family.id}
              family={members.data.family}
              role={members.data.you.role}
            />
          ) : null}
          {members.data.invitations.length > 0 ? (
            <PendingInvitationsCard
              family={members.data.family}
              invitations={members.data.invitations}
              role={members.data.you.role}
            />
          ) : null}
          <FamilyRolesCard role={members.data.you.role} />
          <FamilyDangerZone
            family={members.data.family}
            role={members.data.you.role}
            familyCount={familyCount}
          />
        </>
      ) : members.isError ? (
        <Alert tone="danger">
          <p>{errorMessage(members.error, "We couldn't load your family.")}</p>
          <Button
            variant="link"
            className="mt-1"
            pending={members.isFetching}
            onClick={() => void members.refetch()}
          >
            {members.isFetching ? null : <RefreshCw aria-hidden />} Try again
          </Button>
        </Alert>
      ) : (
        <LoadingFamily />
      )}
    </section>
  );
}

export { FamilyPage as Component };
