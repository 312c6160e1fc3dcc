import { type FamilyRole, familyRoleDescriptions, familyRoleLabels, familyRoles } from "@wonderkin/contract";
import { Crown, ShieldCheck, User } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

const icons = { owner: Crown, admin: ShieldCheck, member: User } as const;

/** What each role may do, with yours marked: the rules behind the controls on this page. */
export function FamilyRolesCard({ role }: { role: FamilyRole }) {
  return (
    <Card>
      <CardTitle size="md">What each role can do</CardTitle>
      <CardDescription>
        {role === "member"
          ? "Want to do more? Ask an owner or admin to change your role."
          : "Give each person the role that fits: you can change it at any time."}
      </CardDescription>
      <ul aria-label="Roles" className="mt-6 flex flex-col gap-3">
        {familyRoles.map((option) => {
          const Icon = icons[option];
          const yours = option === role;
          return (
            <li
              key={option}
              className={cn(
                "flex items-start gap-3 rounded-2xl p-4 ring-1",
                yours ? "bg-primary-50/70 ring-primary-200" : "ring-line",
              )}
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-100 text-primary-700">
                <Icon className="size-4" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="flex flex-wrap items-center gap-2 font-sans font-semibold text-ink">
                  {familyRoleLabels[option]}
                  {yours ? <Badge tone="primary">Your role</Badge> : null}
                </h3>
                <p className="mt-0.5 text-sm text-muted">{familyRoleDescriptions[option]}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
