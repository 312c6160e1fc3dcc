import type { Child } from "@wonderkin/contract";
import { Sparkles } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useNavigate } from "react-router";
import { Select } from "@/components/ui/select";
import { paths } from "@/config/paths";
import { ChildAvatar } from "@/entities/children/child-avatar";

/** With several children, the studio of another one is a choice away. */
function ChildSwitcher({ options, currentId }: { options: readonly Child[]; currentId: number }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm font-semibold text-white/80">
      <label htmlFor={id}>Studio of</label>
      <Select
        id={id}
        size="sm"
        value={String(currentId)}
        onChange={(event) => navigate(paths.magicStudio(Number(event.target.value)))}
        className="min-w-36 text-ink"
      >
        {options.map((child) => (
          <option key={child.id} value={child.id}>
            {child.firstName}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The studio's banner: whose studio it is, the way to another child's, and a line of welcome. */
export function StudioHeader({
  child,
  siblings,
  description,
  aside,
}: {
  child: Child;
  siblings: readonly Child[];
  description: string;
  aside?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden rounded-(--radius-card) bg-night-900 text-white shadow-(--shadow-lift)">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_10%_0%,#3b3070_0,transparent_55%),radial-gradient(circle_at_100%_120%,#ff8a5b55_0,transparent_50%)]"
      />
      <Sparkles aria-hidden className="absolute top-4 right-6 size-16 text-white/5 sm:size-24" />
      <div className="relative flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-7">
        <div className="flex min-w-0 items-center gap-4">
          <ChildAvatar name={child.firstName} className="size-12 text-xl sm:size-16 sm:text-3xl" />
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-widest text-accent-400 uppercase">Magic studio</p>
            <h1 className="truncate text-2xl font-semibold sm:text-[2rem]">
              {child.firstName}'s magic studio
            </h1>
            <p className="mt-0.5 text-sm text-white/75 sm:text-[0.95rem]">{description}</p>
          </div>
        </div>
        {siblings.length > 1 || aside ? (
          <div className="flex shrink-0 flex-wrap items-center gap-3">
            {siblings.length > 1 ? <ChildSwitcher options={siblings} currentId={child.id} /> : null}
            {aside}
          </div>
        ) : null}
      </div>
    </header>
  );
}
